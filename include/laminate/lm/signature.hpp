#pragma once
// laminate::lm::Signature — a model call's typed contract, written as a plain struct: the input
// fields are its members, the output type is `output`, what the model is asked to do is
// `instructions`. No macro, no base class.
//
//   struct ClassifyTicket {
//       static constexpr std::string_view instructions =
//           "Classify a customer support ticket by urgency and category.";
//       using output = TicketClassification;
//       std::string text;                                    // the input, sent as {"text": "..."}
//
//       // Optional: rules the schema cannot say, as instructions to the model. Static, or a
//       // member (then it sees the input too). No message: the output passes.
//       static std::vector<std::string> validate(const TicketClassification& t) {
//           if (t.category == Category::Other && t.urgency == Urgency::High)
//               return {"choose a category other than Other for an urgent ticket"};
//           return {};
//       }
//   };
//
// * The input is serialized with typed shaping's writer (laminate::to_value), so the keys,
//   renames and Overflow members of laminate::Fields<Sig> apply; static members are no fields.
// * Descriptions of input fields (Fields<Sig>: field("text").describe("...")) are listed after
//   the instructions; output field descriptions go into the output schema (output_schema<T>()).
// * `output` may be a struct, an enum, laminate::Open<E>, a std::vector, a std::variant (of
//   structs: actions, see output.hpp) or anything typed shaping reads.

#include <laminate/reflect.hpp>
#include <laminate/shape.hpp>

#include <concepts>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace laminate::lm {

template <class S>
concept Signature = std::is_class_v<S> && requires {
    typename S::output;
    { S::instructions } -> std::convertible_to<std::string_view>;
} && reflect::is_reflectable<S>;

template <Signature S> using output_of = typename S::output;

// Whether a signature declares rules: `validate(const Output&)`, static or a const member.
template <class S>
concept HasRules = Signature<S> && requires(const S& s, const typename S::output& o) {
    { s.validate(o) } -> std::convertible_to<std::vector<std::string>>;
};

// The signature's rule messages for `out` (none without rules).
template <Signature S> std::vector<std::string> run_rules(const S& input, const typename S::output& out) {
    if constexpr (HasRules<S>) {
        return input.validate(out);
    } else {
        (void)input;
        (void)out;
        return {};
    }
}

// The input as JSON (a Value): the fields of S as typed shaping writes them.
template <Signature S> Value input_value(const S& input) { return to_value(input); }

// "- text: the ticket as the customer wrote it" for every input field with a description, one a
// line; empty when none has one.
template <Signature S> std::string input_field_descriptions() {
    std::string out;
    if constexpr (shape_detail::has_field_options<S>) {
        const auto& table = shape_detail::struct_table<S>();
        for (const auto& f : table.fields) {
            if (!f.spec || f.spec->description.empty()) continue;
            if (!out.empty()) out += '\n';
            out += "- ";
            out += f.key;
            out += ": ";
            out += f.spec->description;
        }
    }
    return out;
}

} // namespace laminate::lm
