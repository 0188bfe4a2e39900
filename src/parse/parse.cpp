// Public entry points of the tolerant parser.

#include "document.hpp"

namespace laminate {

namespace parse_detail {

// Inline: once per parse, most of them of a small document.
[[gnu::always_inline]] inline void Workspace::reset(std::size_t input_size) noexcept {
    frames.clear();
    values.truncate(0);
    keys.clear();
    path_prefixes.clear();
    pending.clear();
    pending_paths.clear();
    element.depth = 0;
    // Every buffer grows at most a few bytes (or elements) per input byte, and the previous reset
    // left each within its bound: after a small input none can have passed it.
    if (input_size >= 2048) [[unlikely]]
        give_back_large();
}

void Workspace::give_back_large() noexcept {
    // A huge document should not pin its scratch memory to the thread forever.
    constexpr std::size_t keep_bytes = std::size_t(1) << 20;
    values.shrink_if_above(keep_bytes / sizeof(Value));
    if (frames.capacity() > 4096) std::vector<Frame>().swap(frames);
    if (keys.capacity() > keep_bytes / sizeof(KeyInfo)) std::vector<KeyInfo>().swap(keys);
    if (text.capacity() > keep_bytes) std::string().swap(text);
    if (joined.capacity() > keep_bytes) std::string().swap(joined);
    if (pending.capacity() > keep_bytes / sizeof(PendingDiagnostic))
        std::vector<PendingDiagnostic>().swap(pending);
    if (pending_paths.capacity() > keep_bytes) std::string().swap(pending_paths);
    if (container_path.capacity() > keep_bytes) std::string().swap(container_path);
    if (path_prefixes.capacity() > 4096) std::vector<PathPrefix>().swap(path_prefixes);
    if (order.capacity() > keep_bytes / sizeof(std::size_t)) std::vector<std::size_t>().swap(order);
}

} // namespace parse_detail

namespace {
[[gnu::noinline]] Result<Parsed> parse_in_own_workspace(std::string_view text,
                                                        const ParseOptions& options,
                                                        std::size_t headroom) {
    parse_detail::Workspace own;
    return parse_detail::Parser(text, options, own, headroom).run();
}

Result<Parsed> parse_with_headroom(std::string_view text, const ParseOptions& options,
                                   std::size_t headroom) {
    thread_local parse_detail::Workspace shared;
    if (shared.in_use) [[unlikely]] // not expected, but a nested call must not share the buffers
        return parse_in_own_workspace(text, options, headroom);
    struct Release {
        parse_detail::Workspace& ws;
        std::size_t input_size;
        ~Release() {
            ws.reset(input_size);
            ws.in_use = false;
        }
    } release{shared, text.size()};
    shared.in_use = true;
    return parse_detail::Parser(text, options, shared, headroom).run();
}
} // namespace

Result<Parsed> parse(std::string_view text, const ParseOptions& options) {
    return parse_with_headroom(text, options, 0);
}

Result<Parsed> parse_detail::parse_for_shaping(std::string_view text, const ParseOptions& options) {
    return parse_with_headroom(text, options, 2);
}

Result<Value> parse_json(std::string_view text) {
    ParseOptions options;
    options.repair = false;
    auto r = parse(text, options);
    if (!r) return std::move(r).error();
    return std::move(r->value);
}

} // namespace laminate
