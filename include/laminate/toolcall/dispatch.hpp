#pragma once
// Typed dispatch: a registry maps tool names to typed handlers. Each call's arguments are shaped
// into the handler's argument struct (laminate::from_value, in the tool's mode) and the handler
// gets the value and the diagnostics; every call of a response is dispatched, each with its own
// result or error.
//
//   struct GetWeather { std::string city; std::optional<std::string> units; };
//   laminate::toolcall::ToolRegistry tools;
//   tools.add<GetWeather>("get_weather", "Current weather for a city",
//       [](const GetWeather& a, const laminate::Diagnostics&) { return lookup(a.city); });
//   for (auto& done : tools.dispatch(*read_response(body)))
//       if (done.result) reply(done.id, *done.result); else log(done.result.error());
//
//   auto defs = tools.definitions(Format::Anthropic); // the request's "tools" array
//
// Handlers take (const Args&) or (const Args&, const Diagnostics&) and return void (null),
// laminate::Value, Result<X>, or any X laminate::to_value can write (strings, numbers, structs).
// Per-call errors:
//   unknown_tool      the name is not registered;
//   value_not_closed  the arguments were cut off (ToolCall::complete false): never run on a guess;
//   invalid_json      the arguments could not be read at all (raw text kept on the call);
//   repair_not_allowed  a Strict tool whose arguments needed syntax repairs;
//   the shaping error (missing_field, type_mismatch, shape_error, ...) otherwise;
//   a handler's own Error when it returns Result<X>.
// Handlers' exceptions are not caught.

#include <laminate/mode.hpp>
#include <laminate/output_schema.hpp>
#include <laminate/shape.hpp>
#include <laminate/toolcall/response.hpp>

#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace laminate::toolcall {

// The JSON Schema of a tool's arguments: laminate::output_schema<T>().
template <class Args>
Value parameter_schema() {
    return output_schema<Args>();
}

struct ToolDefinition {
    std::string name;
    std::string description;
    Value parameters; // JSON Schema (2020-12) of the arguments
};

// One dispatched call.
struct CallResult {
    std::string id;
    std::string name;
    Result<Value> result;    // the handler's value, or why it did not run / failed
    Diagnostics diagnostics; // reading the arguments, then shaping them (paths into the arguments)
};

namespace detail {

template <class T>
struct is_result : std::false_type {};
template <class T>
struct is_result<Result<T>> : std::true_type {};

template <class R>
Result<Value> handler_value(R&& r) {
    using D = std::decay_t<R>;
    if constexpr (std::is_same_v<D, Value>) {
        return std::forward<R>(r);
    } else if constexpr (is_result<D>::value) {
        if (!r) return Error(r.error());
        if constexpr (std::is_same_v<typename D::value_type, Value>) return *std::forward<R>(r);
        else return laminate::to_value(*r);
    } else {
        return laminate::to_value(r);
    }
}

// A Strict tool runs only on arguments that needed no syntax repair.
std::optional<Error> check_strict(const ToolCall& call, Mode mode);

} // namespace detail

class ToolRegistry {
public:
    using Invoke = std::function<Result<Value>(const ToolCall& call, Diagnostics& diagnostics)>;

    // A typed tool: arguments shaped into Args in `mode`; parameters schema from Args.
    template <class Args, class Handler>
    ToolRegistry& add(std::string name, std::string description, Handler handler,
                      Mode mode = Mode::Lenient) {
        Invoke invoke = [handler = std::move(handler), mode](const ToolCall& call,
                                                             Diagnostics& diagnostics) -> Result<Value> {
            if (auto e = detail::check_strict(call, mode)) return std::move(*e);
            auto shaped = from_value<Args>(call.arguments, mode);
            if (!shaped) return std::move(shaped).error();
            for (auto& d : shaped->diagnostics) diagnostics.push_back(std::move(d));
            const Args& args = shaped->value;
            if constexpr (std::is_invocable_v<const Handler&, const Args&, const Diagnostics&>) {
                using R = std::invoke_result_t<const Handler&, const Args&, const Diagnostics&>;
                if constexpr (std::is_void_v<R>) {
                    handler(args, static_cast<const Diagnostics&>(diagnostics));
                    return Value();
                } else {
                    return detail::handler_value(handler(args, static_cast<const Diagnostics&>(diagnostics)));
                }
            } else {
                static_assert(std::is_invocable_v<const Handler&, const Args&>,
                              "a tool handler takes (const Args&) or (const Args&, const Diagnostics&)");
                using R = std::invoke_result_t<const Handler&, const Args&>;
                if constexpr (std::is_void_v<R>) {
                    handler(args);
                    return Value();
                } else {
                    return detail::handler_value(handler(args));
                }
            }
        };
        return add_untyped({std::move(name), std::move(description), parameter_schema<Args>()},
                           std::move(invoke));
    }

    // A tool with a hand-written schema and a handler over the raw call (arguments as read). A
    // name registered again replaces the earlier tool.
    ToolRegistry& add_untyped(ToolDefinition definition, Invoke invoke);

    bool contains(std::string_view name) const noexcept;
    std::size_t size() const noexcept { return tools_.size(); }
    const std::vector<ToolDefinition>& tools() const noexcept { return definitions_; }

    // One call: argument diagnostics first, then shaping's.
    CallResult call(const ToolCall& call) const;
    // Every tool call of the primary choice, in order.
    std::vector<CallResult> dispatch(const Response& response) const;

    // The request's tool list in a provider's format:
    //   openai, ollama, raw-text formats: [{"type": "function", "function": {name, description, parameters}}]
    //   openai-responses:                 [{"type": "function", name, description, parameters}]
    //   anthropic:                        [{name, description, input_schema}]  (Anthropic dialect)
    //   gemini:                           [{"functionDeclarations": [{name, description, parameters}]}]
    //                                     (Gemini dialect)
    // invalid_argument for auto; a schema the dialect cannot express is its to_dialect error.
    // With openai_strict, OpenAI chat and Responses definitions carry "strict": true and
    // parameters in the OpenAiStrict dialect.
    Result<Value> definitions(Format format, bool openai_strict = false) const;

private:
    struct Entry {
        std::string name;
        Invoke invoke;
    };
    std::vector<Entry> tools_;
    std::vector<ToolDefinition> definitions_;
};

} // namespace laminate::toolcall
