// Diagnostics and errors of the parser. The path of a diagnostic is built from the frame stack
// only here, when one is actually written; messages say what was done, never what the input said.

#include "parser.hpp"

#include <algorithm>

namespace laminate::parse_detail {

namespace {
// Builds a Diagnostic in place, default-initialized: emplace_back() would value-initialize it,
// zeroing all of it before constructing the members.
struct DefaultInitialized {
    operator Diagnostic() const { // NOLINT: implicit on purpose
        Diagnostic d;
        return d;
    }
};
} // namespace

std::string Parser::path(PathAt at) const {
    std::string out;
    append_path(out, at);
    return out;
}

// The path segment of frame k's current element: its index, or the key whose value is being read.
void Parser::append_segment(std::string& out, std::size_t k) const {
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
    case FrameKind::Tuple: append_path_index(out, count); break;
    case FrameKind::Object:
        if (count % 2 == 1) append_path_key(out, ws_.values[end - 1].as_string());
        break;
    case FrameKind::Call: break;
    }
}

void Parser::append_path(std::string& out, PathAt at) const {
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
    } else {
        prefixes.resize(valid);
        paths.resize(prefixes[valid - 1].length);
    }
    for (; valid < n; ++valid) {
        append_segment(paths, valid - 1);
        prefixes.push_back(PathPrefix{frames[valid].open, paths.size()});
    }
    out.append(paths, 0, prefixes[n - 1].length);
    if (at == PathAt::Element) append_segment(out, n - 1);
}

bool Parser::record(RepairKind kind, Risk risk, const char* at, std::string_view message,
                    PathAt where) {
    if (repairs_ >= opt_.max_repairs)
        return error(ErrorKind::too_many_repairs, at,
                     "the input needs more repairs than max_repairs allows", where);
    ++repairs_;
    // Messages are short on purpose (at most 15 bytes, std::string's inline capacity): the repair
    // kind, path and offset carry the detail, and a diagnostic then costs no allocation of its own.
    // Four Diagnostics (about 740 bytes) still come from malloc's per-thread cache; eight did not.
    if (diags_.empty()) diags_.reserve(4);
    // The path is built in a buffer that keeps its capacity, then copied once.
    ws_.path.clear();
    append_path(ws_.path, where);
    Diagnostic& d = diags_.emplace_back(DefaultInitialized{});
    d.path.assign(ws_.path);
    d.kind = DiagnosticKind::Repaired;
    d.risk = risk;
    d.message.assign(message);
    d.offset = offset(at);
    d.repair = kind;
    return true;
}

bool Parser::repair(RepairKind kind, const char* at, std::string_view message, PathAt where) {
    if (!opt_.repair) {
        std::string m = "the input needs a repair (";
        m += repair_name(kind);
        m += ") and repairs are disabled";
        return error(ErrorKind::repair_not_allowed, at, m, where);
    }
    return record(kind, Risk::Warning, at, message, where);
}

bool Parser::complete(RepairKind kind, const char* at, const char* opened, std::string_view message,
                      PathAt where) {
    if (!opt_.complete_truncated)
        return error(ErrorKind::value_not_closed, opened,
                     "the input ended before this value was complete", where);
    return record(kind, Risk::Risky, at, message, where);
}

bool Parser::invalid_utf8(const char* at) {
    if (opt_.invalid_utf8 == InvalidUtf8::error)
        return error(ErrorKind::invalid_utf8, at, "the input is not valid UTF-8");
    return record(RepairKind::invalid_utf8, Risk::Warning, at, "inserted U+FFFD", PathAt::Element);
}

Next Parser::fail(ErrorKind kind, const char* at, std::string_view message, PathAt where) {
    if (!error_)
        error_.emplace(kind, std::string(message), at ? offset(at) : Error::no_offset, path(where));
    return Next::Fail;
}

void Parser::rollback(std::size_t mark) noexcept {
    // Only repairs are written while a string is read, so every dropped diagnostic was one.
    repairs_ -= diags_.size() - mark;
    diags_.erase(diags_.begin() + static_cast<std::ptrdiff_t>(mark), diags_.end());
}

} // namespace laminate::parse_detail
