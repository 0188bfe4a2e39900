#pragma once
// Shared machinery of the raw-text readers: the Response being built, prose collection, JSON
// payloads (parsed with laminate::parse, completed when cut off), and calls from JSON objects.

#include <laminate/toolcall/raw_text.hpp>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace laminate::toolcall::detail {

// A JSON value read from a piece of model text.
struct Payload {
    Value value;
    Diagnostics diagnostics;
    bool complete = true; // false: the text ended inside it and it was completed
    // Read from s[from, to) of the text given to read_payload, the rest being other text (to ==
    // npos: read from all of it).
    std::size_t from = 0, to = std::string_view::npos;
};

// Sets a call's arguments one parameter at a time in linear time: a call may hold thousands of
// parameters, and Value::set looks a key up member by member. A repeated key replaces the value
// (as JSON's last duplicate wins) and is reported by the caller: set() returns true then.
class ArgumentSetter {
public:
    bool set(Value& arguments, std::string_view key, Value v);

private:
    std::unordered_map<std::string, std::size_t> index_;
};

struct RawBuilder {
    RawBuilder(const RawTextOptions& o, std::string_view whole) : options(o), source(whole) {}

    const RawTextOptions& options;
    std::string_view source; // the whole text: every diagnostic offset counts from its start
    Response response;
    Choice choice;
    std::string prose;
    std::size_t dropped_calls = 0;
    std::size_t definitions = 0; // tools' definitions passed over (calls_from_value), said once
    std::size_t calls = 0;
    bool named = false; // the caller named the format (not detected)

    // Calls added since the last prose, and where in source their markup began: [begin, end)
    // once the next prose (or the region's end) closes it.
    struct Span {
        std::size_t begin = 0, end = 0;
        std::size_t first = 0, count = 0; // the calls (indexes) written there
    };
    std::vector<Span> spans;
    bool span_open = false;
    bool located = false;
    std::size_t region_begin = 0;
    std::size_t cursor = 0;     // end in source of the last prose taken from it
    std::size_t region_end = 0; // end in source of the reader's text

    void text(std::string_view s);
    // A call named with a template's placeholder is not added (call()); the markup from
    // placeholder_from up to the next prose is put back into the prose, `until` being where
    // that prose begins in source.
    std::size_t placeholder_from = std::string_view::npos;
    std::size_t placeholder_calls = 0;
    std::vector<std::size_t> placeholder_notes; // their diagnostics, reworded when the text cannot be kept
    void keep_placeholder(std::size_t until);
    // Where the reader's text lies in source (after the reasoning): each call's markup is then
    // known as the stretch between the prose before it and the prose after it, which finish()
    // looks at to flag calls written inside code or prose (an example, not a call).
    void locate(std::string_view region);
    // Adds a call (id "call_<n>" when it has none), up to options.max_calls. Repairs of the
    // call's envelope (its name, the object around it: paths relative to the call) become
    // response diagnostics at tool_calls[n] / tool_calls[n].name.
    void call(ToolCall call, Diagnostics envelope = {});
    // A response-level diagnostic (no input quoted).
    void note(Risk risk, DiagnosticKind kind, std::string message);
    // Diagnostics whose offsets count from the start of `part` (a view into source) made to
    // count from the start of source; offsets of a part that is not in source are dropped.
    void rebase(Diagnostics& ds, std::string_view part) const;
    // The Warning of a parameter given twice (`f(a=1, a=2)`, two <parameter=a>): the last value
    // won. At the parameter's path, offset of the repeated key (a view into source).
    Diagnostic repeated_parameter(std::string_view key) const;
    // The Warning of a value that holds a closing parameter tag which does not end it (kept in
    // the value): at the parameter's path, offset where the value begins (a view into source).
    Diagnostic closer_in_value(std::string_view key, std::string_view value) const;
    Diagnostic parameter_warning(DiagnosticKind kind, std::string message, std::string_view key,
                                 std::string_view part) const;
    // Flags the calls written inside code or prose (see locate()); called by finish().
    void flag_embedded();
    // The finished Response: reasoning and prose blocks first, then the calls.
    Response finish(Format format, std::string reasoning, bool has_reasoning);
};

// Parses s as one JSON document (repairs on). A value cut off at the end is completed
// (complete = false). With fallback_extract, text around the payload (a fence, prose) is skipped
// via laminate::extract. False when nothing could be read; error then says why.
bool read_payload(std::string_view s, Payload& out, ErrorKind& error, bool fallback_extract = true);

// Every JSON value in s, in text order: s whole if it parses, else each balanced span / fence.
// Diagnostic offsets count from the start of s.
std::vector<Payload> read_payloads(std::string_view s);

// A call read from a JSON value, with the repairs made to its envelope (paths relative to the
// call: "name", "" for the object itself).
struct FoundCall {
    ToolCall call;
    Diagnostics envelope;
    bool name_only = false; // an object with a name and no arguments member, alone (no sibling call has them)
};

// Calls from a value: an object {"name", "arguments"|"parameters"|"args"|"input", "id"?}
// (also wrapped as {"function": {...}} or {"tool_calls": [...]}), or an array of them. False
// when the value holds no call. parameters_key is set when a call used "parameters".
// An object with a name and nothing else ("id" and "type" aside) is a call without arguments
// when name_only_calls, or when it sits in an array beside calls that have arguments; it is
// then FoundCall::name_only unless those siblings vouch for it.
// Arguments written as null are a call without arguments: {} and a Warning (defaulted) at
// "arguments" in FoundCall::envelope.
// The payload's diagnostics are split: those inside the arguments go to the call (paths relative
// to the arguments), the rest to FoundCall::envelope. Arguments sent as a JSON string are read
// from the decoded string: their diagnostics have no offset in the text.
// A tool's definition ({"name", "description", "parameters": a JSON Schema}) is no call: it is
// passed over and counted in *definitions.
bool calls_from_value(const Payload& payload, std::vector<FoundCall>& out, bool* used_parameters = nullptr,
                      bool name_only_calls = true, std::size_t* definitions = nullptr);

// A function name as formats write them: letters, digits, _ . - : $ / (no spaces), not
// starting with a digit or punctuation other than _ and $. What decides that text after a
// marker is a call name rather than prose.
bool is_call_name(std::string_view s);

// A call whose arguments are the JSON text `args` (a view into b.source: diagnostics count from
// the start of the text), read with read_arguments; cut_off when the text ended inside it.
ToolCall make_call(const RawBuilder& b, std::string_view name, std::string_view args, bool cut_off,
                   std::string id = {});

// Whether a call's name is a placeholder copied from a prompt template: <function-name>,
// {name}, function_name, tool_name, your_function_name, ...
bool placeholder_name(std::string_view name);

// Words the model wrote inside a call's markup beside the call (in a <tool_call> block after
// the JSON, between parameters): kept as text with a warning naming `where`, never dropped.
// Blanks and fence lines are no words.
void stray_text(RawBuilder& b, std::string_view s, std::string_view where);

// Trims ASCII whitespace at both ends.
std::string_view trim(std::string_view s);
// Drops ASCII whitespace at the start.
std::string_view skip_blanks(std::string_view s);

// Where a format's marker (a closing tag, the next call's marker) sits in text[from, limit)
// outside any JSON string: a call's arguments may mention the marker inside a string value,
// and that one must not end the call. `at(i, depth)` is asked at each position outside a
// double-quoted string, before the byte there is taken (depth: the brackets [ and { open at i,
// counted from `from`), and says whether the marker starts there; the first such i is
// returned, npos when none does before limit. One pass, no look-behind: linear. A backslash in
// a string escapes the byte after it. What the caller does when a quote never closes (npos
// after a long scan) is its own: it must not scan the same text again for the next call.
template <class At>
std::size_t find_outside_strings(std::string_view text, std::size_t from, std::size_t limit, At&& at) {
    limit = limit < text.size() ? limit : text.size();
    bool in_string = false;
    std::size_t depth = 0;
    for (std::size_t i = from; i < limit; ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
            continue;
        }
        if (at(i, depth)) return i;
        if (c == '"') in_string = true;
        else if (c == '{' || c == '[') ++depth;
        else if ((c == '}' || c == ']') && depth > 0) --depth;
    }
    return std::string_view::npos;
}

} // namespace laminate::toolcall::detail
