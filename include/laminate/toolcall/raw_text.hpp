#pragma once
// Tool calls an open model wrote as plain text, read into a Response (one Choice):
//   hermes       <tool_call>{"name": …, "arguments": {…}}</tool_call>  (Hermes, Qwen 2.5/3; also
//                Qwen3-Coder's <tool_call><function=name><parameter=p>v</parameter></function>
//                (a name in quotes, <parameter="p">, read without them, with a Warning),
//                and Hermes 2 Pro's <function_call>/<tool>/<tools> wrappers,
//                <function=name>{…}</function> and <function name="name">{…}</function>)
//   llama3       <|python_tag|>{"name": …, "parameters": {…}} (several joined by ';'), the
//                bare {"name", "parameters"} object, built-ins as <|python_tag|>name.call(k=v),
//                and Llama 3.2 / 4 pythonic calls [f(k=v, …), g()] (keyword arguments, Python
//                literals; positional arguments are code, not a call), also wrapped in Llama 4's
//                <|python_start|> … <|python_end|> (the markers removed)
//   mistral      [TOOL_CALLS][{"name", "arguments", "id"?}, …] and the v11+ form
//                [TOOL_CALLS]name[CALL_ID]id?[ARGS]{…} and [TOOL_CALLS]name{…} (Mistral-Small-3.2;
//                both repeated for parallel calls); an array of calls after stray words is read
//                with a Warning, the words kept as text
//   deepseek     <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>name
//                ```json {…} ```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜> (R1, V3; also opened with
//                the short <｜tool▁calls｜> or a bare <｜tool▁call▁begin｜>, the words joined by
//                '▁', '_', ' ' or '\_'), V3.1's <｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}
//                <｜tool▁call▁end｜>, and V3.2's DSML markup <｜DSML｜function_calls> (or
//                tool_calls) <｜DSML｜invoke name="f"> <｜DSML｜parameter name="p" string="true">v
//                </｜DSML｜parameter> (string="false": a JSON value) or a JSON body </｜DSML｜invoke>
//   functionary  v3.2 "recipient\nbody" segments: >>>name\n{…} is a call, >>>all\n text, python's
//                body code ({"code": …}); the first segment needs no >>> (the prompt ends with
//                it): "get_weather\n{…}" is a call when its body is JSON. v3.1's
//                <function=name>{…}</function>
//   bare-json    {"name", "arguments"} objects, or arrays of them, anywhere in the text. Detected
//                (auto_detect), an object is a call only with an arguments member; with the
//                format named (bare-json, llama3), {"name"} alone is a call with {} arguments
//                and a Warning (defaulted) at tool_calls[i]
// Stop tokens a server left at the very end of the text (<|eot_id|>, <|im_end|>, </s>, …) are
// removed before reading (Info wrapper_stripped), except those a format ends its calls with.
// Arguments written as null are a call without arguments ({}, Warning defaulted).
// Reasoning (<think>, <thinking>, <reasoning>; unclosed, or a closer without opener as in
// DeepSeek-R1) becomes a Reasoning block first; the prose around the calls is one Text block.
// A call cut off at the end of the text is completed with the parser's complete_truncated
// (Risky diagnostics) and marked complete = false. Calls get ids "call_<n>" unless the text
// names one (Mistral). finish is tool_calls when there are calls, none otherwise.
//
// Recovery you can trust:
// * A call is read only where the text names one (a function name after the marker: letters,
//   digits, _ . - : $ /). With a format chosen (or detected) and no call readable where its
//   markers are, the text comes back unchanged, no call, and a Risky `preserved` diagnostic:
//   "[TOOL_CALLS] not json at all" is text, never a call named "not json at all". A block that
//   cannot be read among readable ones stays in the text, with the same diagnostic.
// * Repairs inside a call's arguments are ToolCall::diagnostics (paths relative to the
//   arguments); repairs of its envelope (the object around it, its "name", a {"function": …}
//   wrapper) are Response::diagnostics at tool_calls[i] / tool_calls[i].name.
// * Every offset counts bytes from the start of the text given (through reasoning, prose,
//   markers and invalid UTF-8 replaced); arguments sent as a JSON string inside the call have
//   no offset (their repairs were made in the decoded string).

#include <laminate/toolcall/response.hpp>

#include <cstddef>
#include <string_view>

namespace laminate::toolcall {

struct RawTextOptions {
    std::size_t max_calls = 256;          // calls beyond this are left in the text (diagnostic)
    std::size_t max_size = std::size_t(64) << 20; // bytes of text; more is size_exceeded
};

// The raw-text format the text is in (markers first, then JSON shapes), or auto_detect when it
// holds no tool call that any format recognizes.
Format detect_raw_text_format(std::string_view text);

// Reads the text in the given raw-text format (auto_detect: detected; no calls found is not an
// error: the Response holds the text). unknown_format when format is a provider body format.
Result<Response> read_raw_text(std::string_view text, Format format = Format::AutoDetect,
                               const RawTextOptions& options = {});

} // namespace laminate::toolcall
