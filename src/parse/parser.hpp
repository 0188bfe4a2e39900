#pragma once
// The tolerant parser's machinery. One Parser runs over one input:
//
// * a state machine without recursion: open containers are Frames on an explicit stack, so the
//   depth limit is a counter and a million '[' is a clean error;
// * a fast path for valid JSON (structure.cpp, strings.cpp, numbers.cpp) that only ever calls
//   into the cold repair code when a byte is not what RFC 8259 allows there;
// * a stack of finished values that a container adopts in one allocation when it closes
//   (objects keep key, value, key, value... which is exactly the layout of Member pairs);
// * diagnostics whose path is derived from the frame stack only when one is written.
//
// Every loop consumes input; a look-ahead only crosses white space, and a string is re-read at
// most three times (see strings.cpp), so the cost is linear in the size of the input. (A
// diagnostic's path grows with the depth it names: max_depth and max_repairs bound that output.)

#include "chars.hpp"
#include "value_stack.hpp"

#include <laminate/parse.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::parse_detail {

enum class FrameKind : std::uint8_t {
    Root, // the document; holds one value, or several when payloads are concatenated
    Array,
    Object, // values alternate key, value
    Tuple,  // Python tuple (1, 2): becomes an array
    Call,   // JSONP callback(...) around the document, or MongoDB NumberLong(...) around a
            // literal: the wrapper is dropped (words.cpp call_value())
    Set,    // Python set {'a', 'b'}: becomes an array (an Object frame turned Set, see sets.cpp)
};

struct Frame {
    std::size_t first; // index in the value stack of this container's first element
    std::size_t open;  // byte offset of the opening bracket
    FrameKind kind;
};

// Where the state machine goes next. Every cold handler returns one.
enum class Next : std::uint8_t {
    Value,      // expecting a value
    AfterValue, // a value is complete: expecting ',' or a closer
    Key,        // expecting an object key (or '}')
    AfterKey,   // a key is complete: expecting ':'
    Done,
    Fail,
};

// Which path a diagnostic names: the value being read, or the container around it.
enum class PathAt : std::uint8_t { Element, Container };

enum class Junk : std::uint8_t { None, Skipped, Failed };
enum class Escape : std::uint8_t { Ok, CutOff, Failed };

// Where an object key was read, and its fingerprint (see key_fingerprint()).
struct KeyInfo {
    std::size_t offset;
    std::uint64_t fingerprint;
};

// The path of the open container at some depth: its length in Workspace::container_path.
struct PathPrefix {
    std::size_t open; // the frame's offset, which identifies it
    std::size_t length;
};

// What a repair diagnostic says it did: a literal of at most 15 bytes, std::string's inline
// capacity, so that a Diagnostic's message costs no allocation (the repair kind, path and offset
// carry the detail). Kept zero-padded to 16 bytes, so that flush_pending() copies it whole: a copy
// of fixed size is two moves, one of the literal's own length a call to memcpy.
struct RepairMessage {
    char text[16] = {};
    unsigned char size = 0;

    constexpr RepairMessage() = default;
    template <std::size_t N>
    consteval RepairMessage(const char (&literal)[N]) // NOLINT: implicit, every caller passes "..."
        : size(static_cast<unsigned char>(N - 1)) {
        static_assert(N >= 1 && N <= 16, "a repair message has at most 15 bytes");
        for (std::size_t i = 0; i + 1 < N; ++i)
            text[i] = literal[i];
    }
};

// A repair diagnostic as record() notes it: its path is a slice of Workspace::pending_paths.
// flush_pending() turns the notes into Diagnostics, all at once: one exactly sized allocation for
// the list instead of its regrowth (each moving every Diagnostic).
struct PendingDiagnostic {
    std::size_t offset;
    std::size_t path_begin;
    std::size_t path_length;
    RepairMessage message;
    RepairKind repair;
    Risk risk;
};

// The element named by the last pending diagnostic, for the next one at the same place (a key's
// quoting repair and its value's), which then shares its path in Workspace::pending_paths: which
// frame, which element, and where that element's key was read (a key read at an offset is the
// same key as long as the diagnostic written after it is still pending; see record()).
struct ElementPath {
    std::size_t depth = 0; // frames.size() when written; 0: nothing cached
    std::size_t open = 0;
    std::size_t count = 0;
    std::size_t key_offset = 0;
    std::size_t pending = 0; // its index in Workspace::pending
};

// Buffers reused from one parse to the next on the same thread, so that parsing a small
// document allocates nothing but its result.
struct Workspace {
    std::vector<Frame> frames;
    ValueStack values;
    std::vector<KeyInfo> keys;      // parallel to the keys on the value stack
    std::string text;               // decoded content of the string being read
    std::string joined;             // strings concatenated with '+'
    std::vector<PendingDiagnostic> pending; // repairs recorded, not yet Diagnostics
    std::string pending_paths;              // their paths, end to end
    ElementPath element;
    std::string container_path;     // the paths of the open containers, as prefixes
    std::vector<PathPrefix> path_prefixes;
    std::vector<std::size_t> order; // duplicate-key detection in large objects
    bool in_use = false;

    void reset(std::size_t input_size) noexcept; // after parsing input_size bytes (parse.cpp)
    void give_back_large() noexcept;             // memory held beyond what small inputs need
};

class Parser {
public:
    // headroom: room for the diagnostics a caller will append to the result (see flush_pending()).
    Parser(std::string_view text, const ParseOptions& options, Workspace& ws, // inline: per parse
           std::size_t headroom = 0)
        : opt_(options), begin_(text.data()), end_(text.data() + text.size()), p_(text.data()),
          ws_(ws), headroom_(headroom) {}
    Result<Parsed> run(); // document.hpp: inline into parse()

private:
    // --- structure.cpp: the state machine and containers --------------------------------------
    Next machine(Next start);
    bool open_frame(FrameKind kind) { // inline: with its error path, a call saved registers
        // frames holds the root too, so its size is the depth the new container would have.
        if (ws_.frames.size() > opt_.max_depth) return depth_exceeded();
        ws_.frames.push_back(Frame{ws_.values.size(), offset(p_), kind});
        ++open_count(closer_of(kind));
        return true;
    }
    bool depth_exceeded();
    void pop_frame() noexcept;
    bool close_frame();
    void close_array();
    bool close_object();
    bool close_call();
    bool python_ordered_dict_call() const;
    Next value_cold();
    Next after_value_cold();
    bool value_may_follow_without_comma() const;
    Next key_cold();
    Next after_key_cold();
    Next close_with(char closer);
    bool parenthesized_value();
    bool parenthesized_words() const;
    Next value_missing_in_object();
    Next close_all_at_end();
    Next eof_at_value();
    Next drop_dangling_key(const char* at);
    Next drop_cut_value(const char* start);
    bool at_closing_fence() const noexcept;
    // Where a closing ``` (and nothing but white space after it) starts the input's tail, or
    // end_ when the input does not end with one (structure.cpp).
    const char* closing_fence_start() const noexcept;
    // The last ``` before that closing fence (null: none, or no closing fence).
    const char* last_fence_before_close() const noexcept;
    bool object_may_end_early();
    // The open object is an element of an array or tuple.
    bool inside_array() const noexcept {
        const FrameKind parent = ws_.frames[ws_.frames.size() - 2].kind;
        return parent == FrameKind::Array || parent == FrameKind::Tuple;
    }
    Next reopen_object(const char* closer, const char* comma);
    Next open_missing_object(const char* colon);
    bool ends_with_brace() const noexcept;
    // --- members.cpp: what models write between and around members
    Next members_in_array();
    bool value_follows_colon(const char* colon) const;
    Next join_previous_array();
    bool previous_member_is_array() const;
    const char* stray_words_end(const char* t) const;
    Next drop_stray_words(const char* end, Next then);
    bool plausible_next_member(const char* t) const;
    bool ends_member_text(const char* comma) const;
    bool line_ends_member_text(const char* at) const;
    bool may_repeat_keys(std::size_t members) const noexcept;
    bool check_duplicates(std::size_t first, std::size_t members);

    // --- root.cpp: the document as a whole (its usual start and end: document.hpp) -------------
    Next root_start();
    Next root_start_cold();
    Next root_after_value();
    Result<Parsed> finish();

    // --- strings.cpp
    // ------------------------------------------------------------------------------
    template <bool Key> bool read_string();
    bool read_string_slow(const char* open, const char* s, bool key);
    Next quoted_string(const char* open, QuoteStyle style, bool key);
    bool single_quoted_plain(const char* open, bool key);
    const char* single_quoted_plain_end(const char* open, bool key) const;
    const char* single_quoted_plain_end_hot(const char* open, bool key) const;
    void push_single_quoted(const char* open, const char* close, bool key);
    Next escaped_string(const char* open, bool key);
    Next any_string(bool key);
    Escape decode_escape(const char*& s, QuoteStyle style);
    Escape decode_unicode_escape(const char*& s);
    bool control_character(const char* s);
    bool misquoted(bool key, Next& next);
    bool quote_ends_string(const char* after, bool key, int brackets, int braces, int parens) const;
    const char* quoted_within(const char* t) const;
    bool plausible_member(const char* t) const;
    bool plausible_value(const char* t) const;
    bool plausible_after_comma(const char* comma) const;
    bool quoted_value_ends_member(const char* quote) const;
    bool adjacent_strings_end_member(const char* after) const;
    bool delimited_string(const char* open, bool key, Next& next);
    bool stops_unclosed_string(const char* s, const char* open, bool key) const;
    const char* quoted_phrase_end(const char* s, const char* stop, QuoteStyle style) const;
    bool plus_follows(const char* after) const;
    Next concatenate_strings();
    // --- prefixed_strings.cpp: Python's b'...', r'...', u'...', f'...'
    bool prefixed_string(bool key, Next& next);
    bool raw_string(bool key, std::size_t length, const char* close, Next& next);
    Next push_text(bool key, const char* open);

    // --- numbers.cpp
    // ------------------------------------------------------------------------------
    bool read_number();
    bool read_decimal(const char* start, const char* q, std::uint64_t mantissa,
                      std::size_t int_digits, bool negative);
    Next number_cold();
    bool digit_groups(Next& next);
    bool expression_after_number(Next& next);
    bool expression(const char* start, bool pushed, Next& next);

    // --- sets.cpp: Python sets {'a', 'b'} ---------------------------------------------------------
    bool python_set(Next& next);
    std::size_t diagnostics_from(std::size_t offset) const noexcept;

    // --- words.cpp: unquoted text, keywords, wrappers, regexes
    // ------------------------------------
    Next word_value();
    Next call_value(std::string_view name, const char* paren);
    bool json_value_follows_key(const char* quote) const;
    Next unquoted_key();
    Next regex_value();
    bool scan_unquoted(bool key, const char*& stop);
    bool quote_before_colon(const char* quote) const;
    bool append_checked(const char* from, const char* to);

    // --- junk.cpp: comments and unusual white space
    // -----------------------------------------------
    Junk skip_junk(bool value_position) {
        // Only '/', '#', a form feed, a vertical tab and non-ASCII bytes can start junk: every
        // other token costs no call.
        if (p_ == end_ || (*p_ != '/' && *p_ != '#' && *p_ != '\f' && *p_ != '\v' &&
                           static_cast<unsigned char>(*p_) < 0x80))
            return Junk::None;
        return skip_junk_at(value_position);
    }
    Junk skip_junk_at(bool value_position);
    Junk hidden_members(const char* at);

    // --- diagnostics.cpp
    // --------------------------------------------------------------------------
    std::string path(PathAt at) const;
    void append_path(std::string& out, PathAt at) const;
    void append_nested_path(std::string& out, PathAt at) const;
    void append_segment(std::string& out, std::size_t frame, bool first) const;
    bool record(RepairKind kind, Risk risk, const char* at, RepairMessage message, PathAt where);
    // A syntax repair (Warning); an error when repairs are off. Inline: one call per repair.
    bool repair(RepairKind kind, const char* at, RepairMessage message,
                PathAt where = PathAt::Element) {
        if (!opt_.repair) return repair_refused(kind, at, where);
        return record(kind, Risk::Warning, at, message, where);
    }
    bool repair_refused(RepairKind kind, const char* at, PathAt where);
    // Completing truncated input (Risky); value_not_closed unless complete_truncated.
    bool complete(RepairKind kind, const char* at, const char* opened, RepairMessage message,
                  PathAt where = PathAt::Element);
    bool invalid_utf8(const char* at);
    Next fail(ErrorKind kind, const char* at, std::string_view message,
              PathAt where = PathAt::Element);
    bool error(ErrorKind kind, const char* at, std::string_view message,
               PathAt where = PathAt::Element) {
        fail(kind, at, message, where);
        return false;
    }
    void rollback(std::size_t mark) noexcept;
    // merge_styles: one Diagnostic per style repair (see ParseOptions::diagnostics_per_site), for
    // the last flush when it is the only one (a mark of rollback() counts sites, so only then).
    void flush_pending(bool merge_styles = false);
    void merge_style_diagnostics();
    void sort_diagnostics();
    // Diagnostics written so far, pending ones included: the marks rollback() returns to.
    std::size_t diag_count() const noexcept { return written_; }

    // --- small inline helpers
    // ---------------------------------------------------------------------
    void skip_ws() noexcept {
        const char* p = p_; // a local, so that the loop keeps it in a register
        // Every byte above ' ' is not white space: most tokens follow no white space, or the one
        // space of ", " and ": ", and then need neither the table nor the loop.
        if (p != end_ && static_cast<unsigned char>(*p) > ' ') return;
        if (p != end_ && *p == ' ') {
            ++p;
            if (p != end_ && static_cast<unsigned char>(*p) > ' ') {
                p_ = p;
                return;
            }
        }
        while (p != end_ && is_ws(static_cast<unsigned char>(*p)))
            ++p;
        p_ = p;
    }
    bool at_keyword(const char* word, std::size_t n) const noexcept {
        return static_cast<std::size_t>(end_ - p_) >= n && std::memcmp(p_, word, n) == 0 &&
               (static_cast<std::size_t>(end_ - p_) == n ||
                !is_word_char(static_cast<unsigned char>(p_[n])));
    }
    std::size_t offset(const char* at) const noexcept {
        return static_cast<std::size_t>(at - begin_);
    }
    Frame& top() noexcept { return ws_.frames.back(); }
    const Frame& top() const noexcept { return ws_.frames.back(); }
    std::size_t count_in_top() const noexcept { return ws_.values.size() - top().first; }
    std::size_t& open_count(char closer) noexcept {
        return open_counts_[closer == ']' ? 0 : closer == '}' ? 1 : 2];
    }
    static char closer_of(FrameKind kind) noexcept {
        switch (kind) {
        case FrameKind::Array: return ']';
        case FrameKind::Object:
        case FrameKind::Set: return '}';
        case FrameKind::Tuple:
        case FrameKind::Call: return ')';
        case FrameKind::Root: break;
        }
        return '\0';
    }

    const ParseOptions& opt_;
    const char* const begin_;
    const char* const end_;
    const char* p_;
    Workspace& ws_;
    const std::size_t headroom_;
    Diagnostics diags_;
    std::size_t repairs_ = 0;
    std::size_t written_ = 0; // diags_.size() + ws_.pending.size(), kept for the string fast path
    bool unordered_ = false;  // diags_ may be out of offset order (see sort_diagnostics())
    std::optional<Error> error_;
    std::size_t open_counts_[3] = {0, 0, 0}; // open arrays, objects, tuples and calls
    const char* comma_ = nullptr;            // the comma before the value or key being read, if any
    bool concatenated_ = false;
    bool root_text_ = false; // the root value is unquoted text (see root_after_value())
    bool key_cut_ = false;   // the key just read was cut off by the end (already reported)
    bool joining_ = false;   // inside concatenate_strings()
    // Bytes that careful string reads scanned up to the end of the input without finding their
    // closing quote (each then re-read to its first delimiter). Past a few times the input's
    // size, later strings stop at their first delimiter at once, so that text where no quote
    // closes anything (["a, "a, "a, ...) stays linear.
    std::size_t scanned_to_end_ = 0;
    const char* root_start_ = nullptr;
    mutable const char* fence_start_ = nullptr; // closing_fence_start(), once known
    mutable const char* inner_fence_ = nullptr; // last_fence_before_close(), once known
    mutable bool inner_fence_known_ = false;
    std::size_t joins_ = 0;                    // join_previous_array() calls so far
    static constexpr std::size_t kMaxJoins = 16;

    // The last string read by the fast path ended at its first '"'. Whether that quote really ended
    // it is only checked when what follows is unexpected (see misquoted()).
    const char* hot_open_ = nullptr;
    const char* hot_close_ = nullptr;
    std::size_t hot_diag_mark_ = 0;
};

} // namespace laminate::parse_detail
