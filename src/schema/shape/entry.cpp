// Schema-driven shaping, entry points: values, JSON text and model text, against a compiled
// schema; the end of a run (errors summarized, fail_at, sinks) is typed shaping's own.
#include "schema/shape/node.hpp"

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>
#include <laminate/shape.hpp>

#include <algorithm>
#include <optional>
#include <vector>

namespace laminate {
namespace {

using shape_detail::ShapeState;

// Alternatives one shaping call may try (see ShapeState::trials_left): a few per input node on
// top of a base, far more than any real schema needs, and few enough that a schema whose
// alternatives multiply stops within a second even under the sanitizers.
std::size_t trial_budget(std::size_t input_size) { return 10'000 + 4 * input_size; }

// Values in a tree (the input's size for the budget).
std::size_t count_nodes(const Value& root) {
    std::size_t n = 0;
    std::vector<const Value*> stack{&root};
    while (!stack.empty()) {
        const Value* v = stack.back();
        stack.pop_back();
        ++n;
        if (v->is_array())
            for (const Value& item : v->items()) stack.push_back(&item);
        else if (v->is_object())
            for (const Member& m : v->members()) stack.push_back(&m.value);
    }
    return n;
}

// A schema a bare answer can be: enums, booleans, numbers, strings (and null beside them). An
// object or array schema never takes one: structure is not invented around a scalar.
// (Every alternative reachable, each looked at once, see each_alternative: none `never`, and
// those without alternatives of their own a scalar or an enum.)
bool bare_target(const schema_detail::Node& n) {
    using namespace schema_detail;
    bool any = false; // (a pure cycle of alternatives has no value at all)
    return each_alternative(n, [&](const Node& x) {
        if (x.never) return false;
        if (!x.alternatives.empty()) return true;
        any = true;
        if (x.has_enum) return true;
        return x.types != 0 && (x.types & (t_array | t_object)) == 0;
    }) && any;
}

// How many of the properties a node declares `v` has (the best of its alternatives).
std::size_t declared_keys(const schema_detail::Node& n, const Value& v) {
    std::size_t best = 0;
    if (!v.is_object()) return 0;
    schema_detail::each_alternative(n, [&](const schema_detail::Node& x) {
        std::size_t count = 0;
        for (const schema_detail::Property& p : x.properties)
            if (v.find(p.key)) ++count;
        best = std::max(best, count);
        return true;
    });
    return best;
}

// Whether the schema's root (or one of its alternatives) declares `key` as a property: an object
// of that one key is then data, not a wrapper around the payload.
bool declares_property(const schema_detail::Node& n, std::string_view key) {
    return !schema_detail::each_alternative(n, [&](const schema_detail::Node& x) {
        for (const schema_detail::Property& p : x.properties)
            if (p.key == key) return false; // found: stop
        return true;
    });
}

bool declares_envelope_key(const schema_detail::Node& n) {
    return !schema_detail::each_alternative(n, [](const schema_detail::Node& x) {
        for (const schema_detail::Property& p : x.properties)
            if (shape_detail::is_envelope_key(p.key)) return false; // found: stop
        return true;
    });
}

// Whether the schema takes a tool-call envelope `v` as it is, should it read without error: a
// schema for any value or that declares an envelope key ("arguments", ...) does; otherwise it does
// unless its arguments have at least as many of the schema's properties as the envelope has, and
// one at least (then the envelope would "fit" only by leaving its arguments aside, as an unknown
// member or dropped). An open object schema, or {"name": ...} given {"name": "Alice",
// "arguments": {"x": 1}}, keeps it; {"name", "source"} given {"name": "lookup", "arguments":
// {"name": "Ada"}} reads the arguments.
// False for anything that is no envelope.
bool schema_takes_envelope(const schema_detail::Node& root, const Value& v, const ParseOptions& parse_options) {
    if (!shape_detail::looks_like_envelope(v)) return false;
    if (root.types == 0 && root.alternatives.empty() && !root.has_enum) return !root.never;
    if (declares_envelope_key(root)) return true;
    auto envelope = shape_detail::tool_envelope(v, parse_options);
    if (!envelope) return true;
    const std::size_t in_arguments = declared_keys(root, envelope->arguments);
    return in_arguments == 0 || in_arguments < declared_keys(root, v);
}

// The options of the overloads without them, built once.
const ShapeOptions& default_options() {
    static const ShapeOptions options;
    return options;
}

// A state for one shaping call, drawing on `budget`.
ShapeState schema_state(const ShapeOptions& options, std::size_t& budget, std::size_t input_size) {
    ShapeState st(options);
    budget = trial_budget(input_size);
    st.trials_left = &budget;
    return st;
}

// Shapes `in` by the schema's root, then checks the value shaped against the schema's keywords
// shaping does not enforce itself (verify_shaped: only for schemas that have any).
bool read_root(const Value& in, const Schema& schema, Value& out, ShapeState& st) {
    schema_detail::read_node(in, schema.shape_root(), out, st);
    return schema_detail::verify_shaped(schema.shape_root(), out, st);
}

Result<Shaped<Value>> finish(Shaped<Value>&& out, ShapeState& st, const ShapeOptions& options) {
    if (auto e = shape_detail::conclude(st, options, out.diagnostics, out.residual)) return std::move(*e);
    return std::move(out);
}

Result<Shaped<Value>> shape_parsed(Parsed&& parsed, const Schema& schema, const ShapeOptions& options) {
    std::size_t budget = 0;
    ShapeState st = schema_state(options, budget, count_nodes(parsed.value));
    st.diagnostics = std::move(parsed.diagnostics);
    Shaped<Value> out;
    read_root(parsed.value, schema, out.value, st);
    return finish(std::move(out), st, options);
}

// Valid JSON of the common case read straight from the text by the schema (fast_read.cpp)
// into `out` with the state `st`; false (both to be discarded) when the text needs parse +
// read_node from the start. The caller keeps the state and the result on its stack and finishes
// them itself, so that the Shaped<Value> is moved once, into the Result, and not through layers of
// optionals (three moves of two Values and a vector per call otherwise).
bool take_fast(std::string_view text, const Schema& schema, const ParseOptions& parse_options, ShapeState& st,
               Shaped<Value>& out) {
    if (!schema_detail::fast_shape(text, schema, out.value, st, parse_options.max_size, parse_options.max_depth))
        return false;
    // (Its errors are the answer: the general path would shape the same value.) An object root
    // has its compact form (the fast path read it, not the root node); an array root was read.
    const schema_detail::HotObject* h = schema.hot_root();
    if (h ? h->verify : schema.shape_root().verify) [[unlikely]]
        schema_detail::verify_shaped(schema.shape_root(), out.value, st);
    return true;
}

} // namespace

Result<Shaped<Value>> Schema::from_value(const Value& input, const ShapeOptions& options) const {
    const Schema& schema = *this;
    std::size_t budget = 0;
    ShapeState st = schema_state(options, budget, count_nodes(input));
    Shaped<Value> out;
    read_root(input, schema, out.value, st);
    return finish(std::move(out), st, options);
}

Result<Shaped<Value>> Schema::from_json(std::string_view json_text, const ShapeOptions& options) const {
    const Schema& schema = *this;
    const ParseOptions parse_options = shape_detail::parse_options_for(options);
    {
        std::size_t budget = 0;
        ShapeState st = schema_state(options, budget, json_text.size());
        Shaped<Value> out;
        if (take_fast(json_text, schema, parse_options, st, out)) return finish(std::move(out), st, options);
    }
    auto parsed = parse_detail::parse_for_shaping(json_text, parse_options);
    if (!parsed) return std::move(parsed).error();
    return shape_parsed(std::move(*parsed), schema, options);
}

Result<Shaped<Value>> Schema::from_llm_response(std::string_view model_text, const ShapeOptions& options) const {
    const Schema& schema = *this;
    const ParseOptions parse_options = shape_detail::parse_options_for(options);
    // Fast path: a text that is one valid JSON document is the candidate extract() would try
    // first (the whole text, read exactly), so shaping it directly gives the same answer without
    // scanning for candidates. Anything else goes through extraction.
    std::string_view trimmed = model_text;
    while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\n' || trimmed.front() == '\r' ||
                                trimmed.front() == '\t'))
        trimmed.remove_prefix(1);
    const bool trimmed_json = !trimmed.empty() && (trimmed.front() == '{' || trimmed.front() == '[');
    if (trimmed_json) {
        {
            std::size_t budget = 0;
            ShapeState st = schema_state(options, budget, model_text.size());
            Shaped<Value> out;
            // (The fast path takes no member the schema does not declare: never an envelope's.)
            if (take_fast(model_text, schema, parse_options, st, out)) return finish(std::move(out), st, options);
        }
        ParseOptions exact = parse_options;
        exact.repair = false;
        exact.complete_truncated = false;
        if (auto parsed = parse(model_text, exact)) {
            std::size_t budget = 0;
            ShapeState st = schema_state(options, budget, model_text.size());
            Shaped<Value> out;
            // The parser's own diagnostics (a repeated key: which value won) come first, as on
            // every other path.
            st.diagnostics = std::move(parsed->diagnostics);
            read_root(parsed->value, schema, out.value, st);
            // An envelope the schema has no key for goes to extraction, which unwraps it.
            if (st.errors.empty() && (!shape_detail::looks_like_envelope(parsed->value) ||
                                      schema_takes_envelope(schema.shape_root(), parsed->value, parse_options)))
                return finish(std::move(out), st, options);
        }
    }
    std::optional<ShapeState> winner_state;
    std::optional<Shaped<Value>> winner;
    bool winner_is_array = false, other_tool = false, half_envelope = false;
    // extract() stops at the first candidate accepted, so the last one shaped here is it.
    auto accept = [&](const Value& candidate) {
        std::size_t budget = 0;
        ShapeState st = schema_state(options, budget, model_text.size());
        Shaped<Value> out;
        // A tool-call envelope: its arguments, when they fit and the envelope does not (tried
        // first when the schema has no key of an envelope: the envelope could only seem to fit).
        enum class Unwrap { Taken, OtherTool, NoFit };
        auto arguments = [&]() -> Unwrap {
            auto envelope = shape_detail::tool_envelope(candidate, parse_options);
            if (!envelope) return Unwrap::NoFit;
            if (!options.expected_tool.empty() && envelope->name != options.expected_tool) return Unwrap::OtherTool;
            st = schema_state(options, budget, model_text.size());
            out = Shaped<Value>{};
            st.diagnostics = std::move(envelope->diagnostics);
            read_root(envelope->arguments, schema, out.value, st);
            if (st.errors.empty()) return Unwrap::Taken;
            st = schema_state(options, budget, model_text.size());
            out = Shaped<Value>{};
            return Unwrap::NoFit;
        };
        const bool envelope = shape_detail::looks_like_envelope(candidate);
        const bool takes_envelopes = envelope && schema_takes_envelope(schema.shape_root(), candidate, parse_options);
        Unwrap u = envelope && !takes_envelopes ? arguments() : Unwrap::NoFit;
        // Arguments that hold the schema's properties but do not fit, around an envelope that
        // would fit only by dropping them: neither reading is clearly right (the tool's name
        // would become data, the arguments would be lost).
        if (u == Unwrap::NoFit && envelope && !takes_envelopes) {
            half_envelope = true;
            return false;
        }
        if (u == Unwrap::NoFit) {
            read_root(candidate, schema, out.value, st);
            if (!st.errors.empty()) u = envelope && takes_envelopes ? arguments() : Unwrap::NoFit;
            else u = Unwrap::Taken;
        }
        // A one-member object around what fits ({"result": {...}}, {"items": [...]}): the value
        // inside, said, when the wrapper does not fit and its key is none of the schema's.
        if (u == Unwrap::NoFit && !envelope)
            if (const Value* inner = shape_detail::wrapped_payload(candidate);
                inner && !declares_property(schema.shape_root(), candidate.members()[0].key())) {
                st = schema_state(options, budget, model_text.size());
                out = Shaped<Value>{};
                st.diagnostics.push_back(shape_detail::wrapper_note());
                read_root(*inner, schema, out.value, st);
                if (st.errors.empty()) u = Unwrap::Taken;
            }
        if (u == Unwrap::OtherTool) other_tool = true;
        if (u != Unwrap::Taken) return false;
        st.trials_left = nullptr; // the budget is this call's; the state outlives it
        winner_state.emplace(std::move(st));
        winner.emplace(std::move(out));
        winner_is_array = candidate.is_array();
        return true;
    };
    auto extracted = extract(model_text, parse_options, options.extract, accept);
    // An array schema and several objects in prose: all of them, not the first one wrapped.
    if (schema.shape_root().types == schema_detail::t_array && schema.shape_root().alternatives.empty() &&
        (!extracted || !winner_is_array))
        if (auto many = shape_detail::objects_as_array(model_text, parse_options, options.extract))
            if (auto r = shape_parsed(std::move(*many), schema, options)) return r;
    if (!extracted && other_tool) return shape_detail::wrong_tool(options.expected_tool);
    if (!extracted && half_envelope) return shape_detail::envelope_fits_neither();
    if (!extracted) {
        // A scalar schema and an answer that is one bare word, number or sentence: that is the
        // payload ("TWO", "yes", "12,111"). Its own shaping error stands when no JSON is found.
        if (options.mode.policy.syntax_repair && bare_target(schema.shape_root()))
            if (auto bare = bare_answer(model_text, options.extract)) {
                auto r = shape_parsed(shape_detail::bare_parse(model_text, *bare), schema, options);
                if (r || extracted.error().kind() == ErrorKind::NoPayload) return r;
            }
        // Nothing fits the schema: report why the payload that parses does not.
        auto payload = extract(model_text, parse_options, options.extract);
        if (!payload) return std::move(extracted).error();
        return shape_parsed(std::move(payload->parsed), schema, options);
    }
    Diagnostics& ds = winner_state->diagnostics;
    ds.insert(ds.begin(), std::make_move_iterator(extracted->parsed.diagnostics.begin()),
              std::make_move_iterator(extracted->parsed.diagnostics.end()));
    return finish(std::move(*winner), *winner_state, options);
}

Result<Shaped<Value>> Schema::from_value(const Value& input) const { return from_value(input, default_options()); }

Result<Shaped<Value>> Schema::from_json(std::string_view json_text) const {
    return from_json(json_text, default_options());
}

Result<Shaped<Value>> Schema::from_llm_response(std::string_view model_text) const {
    return from_llm_response(model_text, default_options());
}

} // namespace laminate
