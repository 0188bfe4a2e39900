#pragma once
// The document's usual start and end, defined here so that parse() inlines them: on a small
// document (a tool call's arguments are 64 bytes, median) their calls, each saving and restoring
// registers, were a tenth of the work. What is unusual about a document's start or end (white
// space, comments, fences, concatenated payloads, a double-encoded string) stays in root.cpp.

#include "parser.hpp"

#include "value/value_access.hpp"

namespace laminate::parse_detail {

inline Next Parser::root_start() {
    // The usual document: its bracket first, then no white space or fence.
    if (end_ - p_ >= 2 && (*p_ == '{' || *p_ == '[') && p_[1] != '`' &&
        !is_ws(static_cast<unsigned char>(p_[1]))) {
        root_start_ = p_;
        return Next::Value;
    }
    return root_start_cold();
}

[[gnu::always_inline]] inline Result<Parsed> Parser::finish() {
    auto& values = ws_.values;
    // Moved, not assigned: Value's move constructor is inline, its assignment a call.
    Value root = values.size() == 1
                     ? std::move(values[0])
                     : value_detail::ValueAccess::adopt_array(values.data(), values.size());
    if (values.size() == 1)
        values.pop();
    else
        values.forget(values.size());
    // Style repairs are merged when the list is complete: merged by the flush when it writes the
    // whole list (the usual case), or after the sort otherwise.
    const bool merge = !opt_.diagnostics_per_site;
    const bool merged = merge && diags_.empty();
    if (!ws_.pending.empty()) flush_pending(merged);
    if (unordered_) sort_diagnostics();
    if (merge && !merged && diags_.size() > 1) merge_style_diagnostics();
    return Parsed{std::move(root), std::move(diags_)};
}

[[gnu::always_inline]] inline Result<Parsed> Parser::run() {
    if (static_cast<std::size_t>(end_ - begin_) > opt_.max_size)
        return Error(ErrorKind::SizeExceeded, "the input is larger than max_size");
    ws_.frames.push_back(Frame{0, 0, FrameKind::Root});
    Next next = root_start();
    if (next != Next::Fail) next = machine(next);
    if (next == Next::Fail) return std::move(*error_);
    return finish();
}

} // namespace laminate::parse_detail
