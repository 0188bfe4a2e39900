#pragma once
// Tool-call arguments while they stream in: the value so far, with the member still being
// written marked partial.
//
//   PartialJson args;
//   args.append(R"({"city": "Par)");          // ... each delta as it arrives
//   auto view = args.view();                  // closed: {} ; open key "city", value "Par"
//
// Cost stays linear in the stream length even when view() is asked after every delta: an
// incremental scanner (strings, escapes, nesting) finds where each top-level member ends, and
// each closed member is parsed once, when it closes, into `closed()`. view() parses only the
// open member's text (completed with ParseOptions::complete_truncated). So a view costs the size
// of the open member, not of the prefix. A single huge member that is a string value (a long
// text argument) is parsed once and then decoded only in the bytes each delta adds; the view
// still copies that string into open_value (a memcpy of the open string per view, so asking
// after every delta of one huge string stays quadratic in copying, not in parsing). Arguments
// that do not start with '{' or '[' (prose, a fence) are parsed whole on each view instead; the
// final arguments always come from read_arguments on the whole text.

#include <laminate/value.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace laminate::toolcall {

struct PartialView {
    // The top-level members (or elements) that are closed, parsed once each. An object (or
    // array) even when nothing is closed yet; null when the text is not an object or array.
    const Value* closed = nullptr;
    // The member being written: its key ("" for an array element), its value so far (completed
    // by the tolerant parser), and its path in laminate's path syntax ("city", "[3]"). has_open
    // is false between members and once the value is complete.
    bool has_open = false;
    std::string open_key;
    Value open_value;
    std::string open_path;
    // True once the top-level value has closed.
    bool complete = false;
};

class PartialJson {
public:
    void append(std::string_view delta);
    // The value so far, in pieces (see PartialView); cheap, see the top of this file.
    PartialView view() const;
    // The value so far as one Value (closed members plus the open one): copies the closed part,
    // so it costs the size of the value.
    Value value() const;

    const std::string& text() const noexcept { return text_; }
    bool complete() const noexcept { return state_ == State::done; }
    // Bytes handed to the parser so far, by closed members and views: the work counter the
    // linearity test reads.
    std::size_t bytes_parsed() const noexcept { return bytes_parsed_; }

private:
    enum class State : unsigned char { start, members, done, whole };
    void scan(std::size_t from);
    void close_member(std::size_t end);

    std::string text_;
    Value closed_;
    State state_ = State::start;
    char open_bracket_ = 0;
    std::size_t depth_ = 0;
    bool in_string_ = false;
    bool escape_ = false;
    std::size_t member_start_ = 0; // where the open member's text begins
    // The open member's value, as the scanner sees it: a ':' at depth 1 since the member began,
    // whether its value has begun, and whether the string open now is that value (not a key).
    bool colon_ = false;
    bool value_started_ = false;
    bool value_string_ = false;
    std::size_t string_start_ = 0; // where the open string's quote is
    mutable std::size_t bytes_parsed_ = 0;

    // A long string value open across many deltas: after one parse of the open member, views
    // decode only the bytes appended since (plain ASCII and simple escapes), so the parser never
    // rereads the open string. \u escapes, non-ASCII and control bytes parse again.
    bool extend_open_string(PartialView& v) const;
    void remember_open_string(const PartialView& v) const;
    mutable bool cache_valid_ = false;
    mutable std::size_t cache_end_ = 0, cache_member_ = 0, cache_string_ = 0;
    mutable std::string cache_key_;
    mutable std::string cache_text_; // the open string decoded up to cache_end_, spaces and all
    mutable std::size_t cache_kept_ = 0; // its length without trailing raw spaces
    mutable char cache_last_ = 0;        // the last source character that is not a space
};

} // namespace laminate::toolcall
