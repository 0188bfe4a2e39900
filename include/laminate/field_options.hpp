#pragma once
// laminate::Fields<T> — what a struct cannot say about its own fields, in one optional
// specialization beside the type: the key a field is read from, aliases, a description, a
// default, constraints and a per-field coercion level or mode.
//
//   struct Order { std::string sku; std::uint8_t quantity = 1; std::string note; };
//
//   template <> struct laminate::Fields<Order> {
//       static laminate::FieldList options() {
//           using laminate::field;
//           return {
//               field("sku").rename("SKU").alias("item").pattern("[A-Z]{3}-[0-9]+"),
//               field("quantity").defaulted().range(1, 99),
//               field("note").max_length(200).describe("free text for the packer"),
//           };
//       }
//   };
//
// * A defaulted field keeps the value the struct's own initializer gave it when the key is
//   missing (a Defaulted Info diagnostic; at BestEffort also when the value is null-like, a
//   Warning). A field that is neither defaulted nor std::optional is required in every mode.
// * Constraints are checked after coercion; a violation is a constraint_violation error at the
//   field's path. Ranges apply to numbers, lengths (in code points) and patterns to strings,
//   item counts to arrays and maps; each also applies inside a std::optional when it holds a
//   value. A pattern must match the whole string (ECMAScript syntax); strings longer than
//   max_pattern_input bytes are not matched (a violation) so that no input can exhaust the stack.
// * default_on_error() makes the field defaulted and, when its value fails to shape or breaks a
//   constraint, replaces that value by the default instead of failing: an ErrorDefaulted
//   diagnostic, Risky (the model's value was discarded), naming the error's kind. The field's own
//   option wins over the mode, as every per-field option does.
// * override_with(v) sets the field from configuration whatever the input says: v is shaped into
//   the member at Exact (a v that does not fit is an invalid_argument error), and an Overridden
//   diagnostic records it: Info when the input had no such key, Warning when the model's value
//   was replaced.
// * format() names a JSON Schema format ("date", "date-time", "email", "uuid") for
//   output_schema<T>() (output_schema.hpp); shaping does not check it.
// * level() sets the coercion level of this field and everything inside it; mode() sets the
//   whole policy (coercion, unknown fields, recorded defaults, error collection) for it.
// * options() is called once per type. A name that is not a field of T, or a pattern that does
//   not compile, makes every shaping of T fail with invalid_argument.

#include <laminate/mode.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate {

namespace shape_detail {
struct CompiledPattern; // std::regex, kept out of this header for compile time
}

inline constexpr std::size_t max_pattern_input = 4096;

struct FieldSpec {
    std::string name;                 // the C++ member name
    std::string key;                  // the JSON key; empty: the member name
    std::vector<std::string> aliases; // other keys accepted (exactly)
    std::string description;
    bool has_default = false;
    std::optional<double> minimum, maximum;            // numbers, inclusive
    std::optional<std::size_t> length_min, length_max; // strings, in code points
    std::optional<std::size_t> items_min, items_max;   // arrays and maps
    std::string pattern_text;
    std::string format_text; // a JSON Schema format ("date", "date-time", "email", "uuid"): schema only, not checked
    std::shared_ptr<const shape_detail::CompiledPattern> pattern_regex; // null: no pattern or invalid
    bool pattern_invalid = false;
    std::optional<CoercionLevel> coercion_level;
    std::optional<ModePolicy> policy;
    bool error_default = false;         // default_on_error(): an invalid value yields the default
    std::optional<Value> override_value; // override_with(): the value configuration imposes

    // The key this field is read from and written to.
    std::string_view json_key() const noexcept { return key.empty() ? std::string_view(name) : std::string_view(key); }

    FieldSpec& rename(std::string_view json_key);
    FieldSpec& alias(std::string_view other_key);
    FieldSpec& describe(std::string_view text);
    FieldSpec& defaulted();
    FieldSpec& range(double lo, double hi);
    FieldSpec& min(double lo);
    FieldSpec& max(double hi);
    FieldSpec& length(std::size_t lo, std::size_t hi);
    FieldSpec& min_length(std::size_t lo);
    FieldSpec& max_length(std::size_t hi);
    FieldSpec& pattern(std::string_view ecmascript_regex);
    FieldSpec& format(std::string_view json_schema_format);
    FieldSpec& items(std::size_t lo, std::size_t hi);
    FieldSpec& min_items(std::size_t lo);
    FieldSpec& max_items(std::size_t hi);
    FieldSpec& level(CoercionLevel level);
    FieldSpec& mode(Mode mode);
    FieldSpec& mode(ModePolicy policy);
    FieldSpec& default_on_error();
    FieldSpec& override_with(Value value);
};

// Starts the options of the member called `name`.
FieldSpec field(std::string_view name);

using FieldList = std::vector<FieldSpec>;

// Specialize with `static laminate::FieldList options();`.
template <class T>
struct Fields {
    using laminate_primary_template = void; // marks "not specialized"
};

namespace shape_detail {
template <class T>
concept has_field_options = !requires { typename Fields<T>::laminate_primary_template; };
}

} // namespace laminate
