// What sits between tokens without being JSON: comments (// ..., /* ... */, # ...) and white
// space JSON does not know (no-break space, zero-width space, byte order mark, form feed...).

#include "parser.hpp"

#include <cstring>
#include <string_view>

namespace laminate::parse_detail {

Junk Parser::skip_junk_at(bool value_position) {
    const char* const at = p_;
    const char c = *p_;
    // Where a line comment ends; null when no reading is the careful one.
    const auto line_end = [this](const char* from) -> const char* {
        const void* nl = std::memchr(from, '\n', static_cast<std::size_t>(end_ - from));
        if (nl) return static_cast<const char*>(nl);
        // { "a": { "b": 1 # note }, "c": 2 }: a line comment that would run to the end of a
        // one-line document inside open containers ends at the first closer: read to the end,
        // it would take the document's own closers (and members) with it.
        if (top().kind != FrameKind::Root)
            for (const char* s = from; s != end_; ++s) {
                if (*s == '}' || *s == ']') return s;
                // {"path": //server/share, "b": 1}: not a comment, or one that hides members.
                if (*s == ',') {
                    const char* t = s + 1;
                    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
                        ++t;
                    if (plausible_member(t)) return nullptr;
                }
            }
        return end_;
    };
    if (c == '/' && end_ - p_ >= 2 && (p_[1] == '/' || p_[1] == '*')) {
        if (p_[1] == '/') {
            const char* const stop = line_end(p_ + 2);
            // {"path": //server/share}: a value, not a comment before one (a comment ended by
            // a line break is one: {"a": // count\n 5}).
            if (!stop || (value_position && top().kind == FrameKind::Object && stop != end_ &&
                          *stop != '\n'))
                return hidden_members(at);
            p_ = stop;
        } else {
            const std::string_view rest(p_ + 2, static_cast<std::size_t>(end_ - p_ - 2));
            const std::size_t close = rest.find("*/");
            p_ = close == std::string_view::npos ? end_ : p_ + 2 + close + 2;
        }
        return repair(RepairKind::Comment, at, "removed comment", PathAt::Container) ? Junk::Skipped
                                                                                     : Junk::Failed;
    }
    if (c == '#') {
        // Where a value is expected, "#ff0000" is a value; "# note" is a comment anywhere.
        if (value_position && p_ + 1 != end_ && !is_ws(static_cast<unsigned char>(p_[1])) &&
            p_[1] != '#')
            return Junk::None;
        const char* const stop = line_end(p_ + 1);
        if (!stop) return hidden_members(at);
        p_ = stop;
        return repair(RepairKind::Comment, at, "removed comment", PathAt::Container) ? Junk::Skipped
                                                                                     : Junk::Failed;
    }
    {
        const int n = special_space_at(p_, end_);
        if (n) {
            // [1<ZWSP>2]: an invisible space inside what reads as one number, 12; two values
            // would be as much a guess.
            if (at != begin_ && is_digit(static_cast<unsigned char>(at[-1])) && at + n != end_ &&
                is_digit(static_cast<unsigned char>(at[n]))) {
                fail(ErrorKind::AmbiguousRepair, at, "a Unicode space splits a number",
                     PathAt::Container);
                return Junk::Failed;
            }
            p_ += n;
            return repair(RepairKind::SpecialWhitespace, at, "replaced space", PathAt::Container)
                       ? Junk::Skipped
                       : Junk::Failed;
        }
    }
    return Junk::None;
}

// A comment on the document's only line, inside open containers, with members after it or where
// a value belongs: perhaps text, perhaps a comment; no reading is the careful one.
Junk Parser::hidden_members(const char* at) {
    fail(ErrorKind::AmbiguousRepair, at, "a comment on the only line hides members or a value",
         PathAt::Container);
    return Junk::Failed;
}

} // namespace laminate::parse_detail
