#pragma once
// Tool calls an open model wrote as plain text, read into a Response (one Choice):
//   hermes       <tool_call>{"name": …, "arguments": {…}}</tool_call>  (Hermes, Qwen 2.5/3; also
//                Qwen3-Coder's <tool_call><function=name><parameter=p>v</parameter></function>)
//   llama3       <|python_tag|>{"name": …, "parameters": {…}} (several joined by ';'), the
//                bare {"name", "parameters"} object, built-ins as <|python_tag|>name.call(k=v),
//                and Llama 3.2 / 4 pythonic calls [f(k=v, …), g()] (keyword arguments, Python
//                literals; positional arguments are code, not a call)
//   mistral      [TOOL_CALLS][{"name", "arguments", "id"?}, …] and the v11+ form
//                [TOOL_CALLS]name[CALL_ID]id?[ARGS]{…} (repeated for parallel calls)
//   deepseek     <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>name
//                ```json {…} ```<｜tool▁call▁end｜>…<｜tool▁calls▁end｜> (R1), and V3.1's
//                <｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}<｜tool▁call▁end｜>
//   functionary  >>>name\n{…} (v3.2; >>>all\n is text) and <function=name>{…}</function> (v3.1)
//   bare-json    {"name", "arguments"} objects, or arrays of them, anywhere in the text
// Reasoning (<think>, <thinking>, <reasoning>; unclosed, or a closer without opener as in
// DeepSeek-R1) becomes a Reasoning block first; the prose around the calls is one Text block.
// A call cut off at the end of the text is completed with the parser's complete_truncated
// (Risky diagnostics) and marked complete = false. Calls get ids "call_<n>" unless the text
// names one (Mistral). finish is tool_calls when there are calls, none otherwise.

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
