// Python sets: {'a', 'b'} as a Python repr (or a model imitating one) writes a list of names. The
// braces open an Object frame like any other; the reading is decided at its first element, which
// was read as a key: when a ',' follows it instead of a ':' and another element comes after the
// comma, the frame becomes a Set (closed by '}', adopted as an array) and the first element is
// read again, as a value. One element ({"a"}) is more likely an object that lost its value and is
// left alone; a ':' after the set was chosen is an error (after_value_cold()), not a second guess.
//
// The first element is re-read once, from its start: the work stays linear.

#include "parser.hpp"

namespace laminate::parse_detail {

// The number of diagnostics written before the first one at `offset` or later, among the last
// written: those are the diagnostics of what was read from `offset` on (the first element), which
// come after everything written before it.
std::size_t Parser::diagnostics_from(std::size_t at) const noexcept {
    std::size_t mark = diag_count();
    while (mark > 0) {
        const std::size_t i = mark - 1;
        const std::size_t o =
            i < diags_.size() ? diags_[i].offset : ws_.pending[i - diags_.size()].offset;
        if (o < at) break;
        --mark;
    }
    return mark;
}

// At the ',' after an object's first key. True when the braces are a set (next says where the
// machine goes on, or Fail); false leaves the key to after_key_cold().
bool Parser::python_set(Next& next) {
    if (top().kind != FrameKind::Object || count_in_top() != 1 || ws_.keys.empty()) return false;
    const std::size_t key_offset = ws_.keys.back().offset;
    const char* const first = begin_ + key_offset;
    // A quoted string or a number: not an unquoted word, which {a, b} (JavaScript's shorthand for
    // {a: a, b: b}) writes.
    QuoteStyle style = QuoteStyle::Double;
    const auto c0 = static_cast<unsigned char>(*first);
    if (!opening_quote(first, end_, style) && !is_digit(c0) && c0 != '-') return false;
    // Another element after the comma: {'a',} and {'a', at the end stay one key.
    const char* t = p_ + 1;
    while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
        ++t;
    if (t == end_) return false;
    switch (*t) {
    case '{':
    case '[':
    case '}':
    case ']':
    case ')':
    case ',':
    case ':': return false;
    default: break;
    }
    // A first element whose quotes were guessed ({"a:"x", "b:"y"}: keys that lost their closing
    // quote) is no clean set element: the braces are more likely an object gone wrong.
    for (std::size_t i = diagnostics_from(key_offset); i < diag_count(); ++i) {
        const RepairKind r = i < diags_.size() ? diags_[i].repair : ws_.pending[i - diags_.size()].repair;
        if (r == RepairKind::UnescapedQuote || r == RepairKind::MissingQuote || r == RepairKind::DoubledQuotes)
            return false;
    }
    // The key and what was written about it go; the element is read again as a value, after the
    // repair (written at the '{', before the element's own diagnostics).
    ws_.values.pop();
    ws_.keys.pop_back();
    rollback(diagnostics_from(key_offset));
    ws_.element.depth = 0; // the element's path differs from the key's: no sharing with it
    hot_close_ = nullptr;
    key_cut_ = false;
    next = Next::Fail;
    if (!repair(RepairKind::PythonSet, begin_ + top().open, "set to array", PathAt::Container))
        return true;
    top().kind = FrameKind::Set; // same closer: open_count('}') stays right
    p_ = first;
    comma_ = nullptr;
    next = Next::Value;
    return true;
}

} // namespace laminate::parse_detail
