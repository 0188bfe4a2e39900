// laminate::Fields<T> entries and the constraints they declare.
#include <laminate/detail/shape_state.hpp>
#include <laminate/field_options.hpp>

#include <charconv>
#include <regex>

namespace laminate {
namespace shape_detail {

struct CompiledPattern {
    std::regex regex;
};

namespace {

std::string number_text(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

// "1..9", "at least 1", "at most 9"
template <class N, class Text>
std::string bounds(const std::optional<N>& lo, const std::optional<N>& hi, Text text) {
    if (lo && hi) return text(*lo) + ".." + text(*hi);
    if (lo) return "at least " + text(*lo);
    return "at most " + text(*hi);
}

std::string count_text(std::size_t n) { return std::to_string(n); }

std::size_t code_points(std::string_view s) noexcept {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

bool violation(ShapeState& st, std::string message) {
    return st.fail(Error(ErrorKind::ConstraintViolation, std::move(message), Error::no_offset, st.path));
}

} // namespace

bool check_number(double value, const FieldSpec& spec, ShapeState& st) {
    if ((spec.minimum && value < *spec.minimum) || (spec.maximum && value > *spec.maximum))
        return violation(st, "expected a value " + bounds(spec.minimum, spec.maximum, number_text) + ", got " +
                                 number_text(value));
    return true;
}

bool check_text(std::string_view value, const FieldSpec& spec, ShapeState& st) {
    if (spec.length_min || spec.length_max) {
        const std::size_t n = code_points(value);
        if ((spec.length_min && n < *spec.length_min) || (spec.length_max && n > *spec.length_max))
            return violation(st, "expected a length of " + bounds(spec.length_min, spec.length_max, count_text) +
                                     " code points, got " + std::to_string(n));
    }
    if (spec.pattern_regex) {
        if (value.size() > max_pattern_input)
            return violation(st, "expected a string matching /" + spec.pattern_text + "/, got one of " +
                                     std::to_string(value.size()) + " bytes, too long to match (limit " +
                                     std::to_string(max_pattern_input) + ")");
        if (!std::regex_match(value.begin(), value.end(), spec.pattern_regex->regex))
            return violation(st, "expected a string matching /" + spec.pattern_text + "/");
    }
    return true;
}

bool check_count(std::size_t count, const FieldSpec& spec, ShapeState& st) {
    if ((spec.items_min && count < *spec.items_min) || (spec.items_max && count > *spec.items_max))
        return violation(st, "expected " + bounds(spec.items_min, spec.items_max, count_text) + " items, got " +
                                 std::to_string(count));
    return true;
}

} // namespace shape_detail

FieldSpec field(std::string_view name) {
    FieldSpec f;
    f.name = std::string(name);
    return f;
}

FieldSpec& FieldSpec::rename(std::string_view json_key) { key = std::string(json_key); return *this; }
FieldSpec& FieldSpec::alias(std::string_view other_key) { aliases.emplace_back(other_key); return *this; }
FieldSpec& FieldSpec::describe(std::string_view text) { description = std::string(text); return *this; }
FieldSpec& FieldSpec::defaulted() { has_default = true; return *this; }
FieldSpec& FieldSpec::range(double lo, double hi) { minimum = lo; maximum = hi; return *this; }
FieldSpec& FieldSpec::min(double lo) { minimum = lo; return *this; }
FieldSpec& FieldSpec::max(double hi) { maximum = hi; return *this; }
FieldSpec& FieldSpec::length(std::size_t lo, std::size_t hi) { length_min = lo; length_max = hi; return *this; }
FieldSpec& FieldSpec::min_length(std::size_t lo) { length_min = lo; return *this; }
FieldSpec& FieldSpec::max_length(std::size_t hi) { length_max = hi; return *this; }
FieldSpec& FieldSpec::items(std::size_t lo, std::size_t hi) { items_min = lo; items_max = hi; return *this; }
FieldSpec& FieldSpec::min_items(std::size_t lo) { items_min = lo; return *this; }
FieldSpec& FieldSpec::max_items(std::size_t hi) { items_max = hi; return *this; }
FieldSpec& FieldSpec::format(std::string_view f) { format_text = std::string(f); return *this; }
FieldSpec& FieldSpec::level(CoercionLevel l) { coercion_level = l; return *this; }
FieldSpec& FieldSpec::mode(Mode m) { policy = policy_for(m); return *this; }
FieldSpec& FieldSpec::mode(ModePolicy p) { policy = p; return *this; }
FieldSpec& FieldSpec::default_on_error() { has_default = error_default = true; return *this; }
FieldSpec& FieldSpec::override_with(Value v) { override_value = std::move(v); return *this; }

FieldSpec& FieldSpec::pattern(std::string_view ecmascript_regex) {
    pattern_text = std::string(ecmascript_regex);
    try {
        pattern_regex = std::make_shared<const shape_detail::CompiledPattern>(
            shape_detail::CompiledPattern{std::regex(pattern_text, std::regex::ECMAScript)});
        pattern_invalid = false;
    } catch (const std::regex_error&) {
        pattern_regex.reset();
        pattern_invalid = true; // reported when the type is shaped: invalid_argument
    }
    return *this;
}

} // namespace laminate
