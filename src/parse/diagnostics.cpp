// Diagnostics and errors of the parser. The path of a diagnostic is built from the frame stack
// only here, when one is actually written; messages say what was done, never what the input said.

#include "parser.hpp"

#include "core/diagnostic_append.hpp"
#include "value/value_access.hpp"

#include <algorithm>

namespace laminate::parse_detail {

namespace {
// Whether the n <= 16 bytes at s, which may be read 16 bytes long, are a key that a path writes
// bare: [A-Za-z_] then [A-Za-z0-9_$-]* (as append_path_key() decides, one byte at a time).
// Every repair in a dict repr names its member's key: the scalar loop was a noticeable share of
// reading malformed small objects.
bool bare_key16(const char* s, std::size_t n) noexcept {
#if defined(__SSE2__)
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
    const auto in = [](__m128i x, char lo, char hi) { // signed: bytes >= 0x80 are below lo
        return _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(static_cast<char>(lo - 1))),
                             _mm_cmpgt_epi8(_mm_set1_epi8(static_cast<char>(hi + 1)), x));
    };
    const __m128i letter = in(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z');
    const __m128i underscore = _mm_cmpeq_epi8(v, _mm_set1_epi8('_'));
    const __m128i later = _mm_or_si128(
        in(v, '0', '9'), _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('$')),
                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('-'))));
    const auto first = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(letter, underscore)));
    const auto any = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(
        _mm_or_si128(letter, underscore), later)));
    const unsigned wanted = (1u << n) - 1u; // n <= 16: at most 0xFFFF
    return n > 0 && (first & 1u) && (any & wanted) == wanted;
#else
    (void)s, (void)n;
    return false; // append_path_key() decides
#endif
}

// append_path_key() for a key the parser read: a short one is checked in its Value's storage.
void append_key_segment(std::string& out, const Value& key, bool first) {
    const std::string_view text = key.as_string();
    if (const char* s = value_detail::ValueAccess::inline_string_storage(key); s && bare_key16(s, text.size())) {
        if (!first) out += '.';
        out.append(text);
        return;
    }
    append_path_key(out, text, first);
}
} // namespace

// The path segment of frame k's current element: its index, or the key whose value is being read.
// first: the segment begins a path (a bare key takes no '.'), whatever out already holds.
// Inline: most diagnostics name an element of the document's own container (append_path()).
inline void Parser::append_segment(std::string& out, std::size_t k, bool first) const {
    const auto& frames = ws_.frames;
    const Frame& f = frames[k];
    const std::size_t end = k + 1 == frames.size() ? ws_.values.size() : frames[k + 1].first;
    const std::size_t count = end - f.first;
    switch (f.kind) {
    case FrameKind::Root:
        // Payloads after the first one of a concatenated document are elements of an array.
        if (count > 0) append_path_index(out, count);
        break;
    case FrameKind::Array:
    case FrameKind::Tuple:
    case FrameKind::Set: append_path_index(out, count); break;
    case FrameKind::Object:
        if (count % 2 == 1) append_key_segment(out, ws_.values[end - 1], first);
        break;
    case FrameKind::Call: break;
    }
}

// Inline into record(): the usual document is one container at the root, the first payload. Its
// path is "", so an element's is its segment alone, and no prefix needs to be checked or kept.
[[gnu::always_inline]] inline void Parser::append_path(std::string& out, PathAt at) const {
    if (ws_.frames.size() == 2 && ws_.frames[1].first == 0) {
        if (at == PathAt::Element) append_segment(out, 1, true);
        return;
    }
    append_nested_path(out, at);
}

void Parser::append_nested_path(std::string& out, PathAt at) const {
    // The path of an open container does not change while it is open, so the paths of the open
    // containers are kept as prefixes of one string: a diagnostic costs the segments of the frames
    // opened since the last one, not the whole depth. A frame is recognized by its offset.
    const auto& frames = ws_.frames;
    auto& prefixes = ws_.path_prefixes;
    std::string& paths = ws_.container_path;
    const std::size_t n = frames.size();
    std::size_t valid = std::min(prefixes.size(), n);
    while (valid > 0 && prefixes[valid - 1].open != frames[valid - 1].open)
        --valid;
    if (valid == 0) {
        prefixes.assign(1, PathPrefix{frames[0].open, 0}); // the root: ""
        paths.clear();
        valid = 1;
    } else if (valid != prefixes.size()) {
        prefixes.resize(valid);
        paths.resize(prefixes[valid - 1].length);
    }
    for (; valid < n; ++valid) {
        append_segment(paths, valid - 1, paths.empty());
        prefixes.push_back(PathPrefix{frames[valid].open, paths.size()});
    }
    // paths now ends with the innermost container's path.
    if (!paths.empty()) {
        out.append(paths);
        if (at == PathAt::Element) append_segment(out, n - 1, false);
        return;
    }
    if (at == PathAt::Container) return;
    // A segment at the root begins the path ("a", not ".a"), even when out already holds other
    // paths (Workspace::pending_paths).
    append_segment(out, n - 1, true);
}

std::string Parser::path(PathAt at) const {
    std::string out;
    append_path(out, at);
    return out;
}

bool Parser::record(RepairKind kind, Risk risk, const char* at, RepairMessage message,
                    PathAt where) {
    if (repairs_ >= opt_.max_repairs)
        return error(ErrorKind::TooManyRepairs, at,
                     "the input needs more repairs than max_repairs allows", where);
    ++repairs_;
    // Noted now, made a Diagnostic by flush_pending(): the path goes to a buffer that keeps its
    // capacity from one parse to the next, and the list is allocated once, at its final size.
    std::string& paths = ws_.pending_paths;
    auto& pending = ws_.pending;
    std::size_t begin = paths.size();
    std::size_t length = 0;
    // The same element as the last pending diagnostic's (same frame, same element count and, in
    // an object, the same key occurrence): its path is shared, not written again. Only the last
    // pending entry is compared, so rollback() and flush_pending() cannot leave a stale match.
    ElementPath& last = ws_.element;
    bool same = false;
    std::size_t key_offset = 0;
    if (where == PathAt::Element) {
        const Frame& f = ws_.frames.back();
        const std::size_t count = ws_.values.size() - f.first;
        if (f.kind == FrameKind::Object && count % 2 == 1 && !ws_.keys.empty())
            key_offset = ws_.keys.back().offset;
        same = last.depth == ws_.frames.size() && last.open == f.open && last.count == count &&
               last.key_offset == key_offset && !pending.empty() &&
               last.pending == pending.size() - 1;
        if (!same) {
            last.depth = ws_.frames.size();
            last.open = f.open;
            last.count = count;
            last.key_offset = key_offset;
        }
    }
    if (same) {
        begin = pending.back().path_begin;
        length = pending.back().path_length;
    } else {
        append_path(paths, where);
        length = paths.size() - begin;
    }
    if (where == PathAt::Element) last.pending = pending.size();
    pending.push_back(PendingDiagnostic{offset(at), begin, length, message, kind, risk});
    ++written_;
    return true;
}

void Parser::flush_pending(bool merge_styles) {
    auto& pending = ws_.pending;
    if (pending.empty()) return;
    // With merge_styles, the sites of one style repair become one Diagnostic (see
    // ParseOptions::diagnostics_per_site): a bit per kind says whether it has one yet, and
    // first[kind] is where it is in diags_ (read only once its bit is set, so never cleared).
    std::uint64_t seen = 0;
    std::size_t first[64];
    std::size_t size = pending.size();
    if (merge_styles) {
        size = 0;
        for (const PendingDiagnostic& p : pending) {
            const std::uint64_t bit = core_detail::style_repair_bit(p.repair);
            if (seen & bit) continue;
            seen |= bit & core_detail::style_repairs;
            ++size;
        }
        seen = 0;
    }
    // Room for the diagnostics shaping will append (see parse_detail::parse_for_shaping()): two. A
    // larger block leaves malloc's small-size cache for many short lists; parse() alone wants
    // none (measured both ways: see the commit that added the headroom).
    diags_.reserve(diags_.size() + size + headroom_);
    std::string& paths = ws_.pending_paths;
    // Zeros after the last path, so that every short path can be copied 15 bytes long (see
    // core_detail::fill_short()); most paths are short ("key", "a.b[2]").
    paths.append(core_detail::short_string_capacity, '\0');
    std::size_t previous = diags_.empty() ? 0 : diags_.back().offset;
    for (const PendingDiagnostic& p : pending) {
        if (merge_styles && core_detail::style_repair(p.repair)) {
            const std::uint64_t bit = core_detail::style_repair_bit(p.repair);
            const auto kind = static_cast<unsigned>(p.repair);
            if (seen & bit) {
                Diagnostic& d = diags_[first[kind]];
                ++d.count;
                d.risk = std::max(d.risk, p.risk);
                if (p.offset < d.offset) { // recorded out of text order: the first site names it
                    d.path.assign(paths.data() + p.path_begin, p.path_length);
                    d.message.assign(p.message.text, p.message.size);
                    d.offset = p.offset;
                    unordered_ = true;
                }
                continue;
            }
            seen |= bit;
            first[kind] = diags_.size();
        }
        unordered_ |= p.offset < previous;
        previous = p.offset;
        Diagnostic& d = core_detail::append_diagnostic(diags_);
        if (p.path_length <= core_detail::short_string_capacity)
            core_detail::fill_short(d.path, paths.data() + p.path_begin, p.path_length);
        else
            core_detail::fill_empty(d.path, paths.data() + p.path_begin, p.path_length);
        d.risk = p.risk;
        core_detail::fill_short(d.message, p.message.text, p.message.size);
        d.offset = p.offset;
        d.repair = p.repair;
    }
    pending.clear();
    ws_.pending_paths.clear();
    ws_.element.depth = 0;
}

// The list once complete and in offset order, when flush_pending() could not merge the style
// repairs itself (an earlier flush wrote some of them): one pass, each style repair's first
// diagnostic (its lowest offset) taking the later ones' counts.
void Parser::merge_style_diagnostics() { core_detail::merge_style_repairs(diags_); }

// Repairs are mostly recorded in text order (flush_pending() notes when not), but a repeated key
// is reported when its object closes, after the repairs inside the object, and a decoded
// string's diagnostics all take its offset: the list is put in offset order, equal offsets kept
// as written.
void Parser::sort_diagnostics() {
    const auto by_offset = [](const Diagnostic& a, const Diagnostic& b) { return a.offset < b.offset; };
    // Diagnostics come almost in order: a completion or a note written late belongs before some
    // others (an unclosed string's completion after the 50,000 quotes inside it). Merging the
    // few sorted runs costs a pass each, where sorting would grow as n log n; a real shuffle
    // still gets the sort. Both keep equal offsets in the order written.
    constexpr std::size_t kMaxRuns = 8;
    std::size_t starts[kMaxRuns];
    std::size_t runs = 0;
    for (std::size_t i = 1; i < diags_.size(); ++i) {
        if (diags_[i].offset >= diags_[i - 1].offset) continue;
        if (runs == kMaxRuns) {
            std::stable_sort(diags_.begin(), diags_.end(), by_offset);
            return;
        }
        starts[runs++] = i;
    }
    for (std::size_t k = 0; k < runs; ++k) {
        const std::size_t last = k + 1 < runs ? starts[k + 1] : diags_.size();
        std::inplace_merge(diags_.begin(), diags_.begin() + static_cast<std::ptrdiff_t>(starts[k]),
                           diags_.begin() + static_cast<std::ptrdiff_t>(last), by_offset);
    }
}

bool Parser::repair_refused(RepairKind kind, const char* at, PathAt where) {
    std::string m = "the input needs a repair (";
    m += repair_name(kind);
    m += ") and repairs are disabled";
    return error(ErrorKind::RepairNotAllowed, at, m, where);
}

bool Parser::complete(RepairKind kind, const char* at, const char* opened, RepairMessage message,
                      PathAt where) {
    if (!opt_.complete_truncated)
        return error(ErrorKind::ValueNotClosed, opened,
                     "the input ended before this value was complete", where);
    return record(kind, Risk::Risky, at, message, where);
}

bool Parser::invalid_utf8(const char* at) {
    if (opt_.invalid_utf8 == InvalidUtf8::Error)
        return error(ErrorKind::InvalidUtf8, at, "the input is not valid UTF-8");
    return record(RepairKind::InvalidUtf8, Risk::Warning, at, "inserted U+FFFD", PathAt::Element);
}

Next Parser::fail(ErrorKind kind, const char* at, std::string_view message, PathAt where) {
    if (!error_)
        error_.emplace(kind, std::string(message), at ? offset(at) : Error::no_offset, path(where));
    return Next::Fail;
}

void Parser::rollback(std::size_t mark) noexcept {
    // Only repairs are written while a string is read, so every dropped diagnostic was one.
    // mark counts the pending ones too (diag_count()), which come after diags_.
    repairs_ -= written_ - mark;
    written_ = mark;
    auto& pending = ws_.pending;
    if (mark >= diags_.size()) {
        const std::size_t keep = mark - diags_.size();
        if (keep < pending.size()) {
            // Paths may be shared by neighbours (see record()), so the kept entries end where the
            // last one's does.
            const PendingDiagnostic* last = keep ? &pending[keep - 1] : nullptr;
            ws_.pending_paths.resize(last ? last->path_begin + last->path_length : 0);
            pending.resize(keep);
        }
        return;
    }
    pending.clear();
    ws_.pending_paths.clear();
    ws_.element.depth = 0;
    diags_.erase(diags_.begin() + static_cast<std::ptrdiff_t>(mark), diags_.end());
}

} // namespace laminate::parse_detail
