#pragma once
// Tool-call arguments while they stream in: the value so far, with the member still being
// written marked partial.
//
//   PartialJson args;
//   args.append(R"({"city": "Par)");          // ... each delta as it arrives
//   auto view = args.view();                  // closed: {} ; open key "city", value "Par"
//
// Cost stays linear in the stream length even when view() is asked after every delta. Arguments
// that are strict JSON so far are read once, byte by byte, as they arrive (detail::IncrementalJson):
// the open member is kept built — its containers, its strings growing in place — so a view costs
// nothing but a pointer, and a member that closes moves into `closed()` without a parse. At the
// first byte that is not strict JSON (single quotes, `True`, a trailing comma, bad UTF-8) a
// tolerant scanner, which has tracked strings and nesting all along, takes over from the member
// that byte is in: each member closed after it is parsed once by the tolerant parser, and a view
// parses only the open member's text (completed with ParseOptions::complete_truncated), so a view
// then costs the size of the open member. Arguments that do not start with '{' or '[' (prose, a
// fence) are parsed whole on each view. The final arguments always come from read_arguments on
// the whole text.

#include <laminate/toolcall/detail/incremental_json.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace laminate::toolcall {

// Refers into the PartialJson it came from: valid until its next append() or view().
struct PartialView {
    // The top-level members (or elements) that are closed. An object (or array) even when
    // nothing is closed yet; null when the text is not an object or array.
    const Value* closed = nullptr;
    // The member being written: its key ("" for an array element), its value so far, and its
    // path in laminate's path syntax ("city", "[3]"). has_open is false between members and once
    // the value is complete; open_value is null then. While the text is strict JSON the value is
    // what has arrived (strings as decoded so far, containers with their elements so far, a
    // number's digits so far, a literal from its first letter); after that, the tolerant parser's
    // completion of the open member's text.
    bool has_open = false;
    std::string_view open_key;
    const Value* open_value = nullptr;
    std::string_view open_path;
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
    bool complete() const noexcept { return state_ == State::Done; }
    // Bytes read by the strict reader plus bytes handed to the tolerant parser (closed members
    // and views): the work counter the linearity tests read.
    std::size_t bytes_parsed() const noexcept { return bytes_parsed_ + strict_.work_done(); }

private:
    enum class State : unsigned char { Start, Members, Done, Whole };
    void scan(std::size_t from);
    void close_member(std::size_t end);
    PartialView tolerant_view() const;

    std::string text_;
    Value closed_;
    mutable detail::IncrementalJson strict_; // mutable: a view brings an open number up to date

    // The tolerant scanner: where each top-level member ends, tracked on every byte so that it
    // can take over wherever the strict reader stops.
    State state_ = State::Start;
    char open_bracket_ = 0;
    std::size_t depth_ = 0;
    bool in_string_ = false;
    bool escape_ = false;
    std::size_t member_start_ = 0; // where the open member's text begins
    mutable std::size_t bytes_parsed_ = 0;
    // What a tolerant view parsed, for the PartialView to refer to.
    mutable Value tolerant_open_;
    mutable std::string tolerant_key_;
    mutable std::string tolerant_path_;
};

} // namespace laminate::toolcall
