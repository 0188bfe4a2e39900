// libFuzzer target for from_json<T>: typed shaping from text, whose fast path (shape_fast.hpp,
// src/shape/fast_scan.cpp, src/shape/fast_repair.cpp) reads the text itself and makes the
// parser's commonest repairs in place. The first byte picks the options, the rest is the text:
//   bits 0-1  0: lenient   1: absorbing   2, 3: strict
//   bit 2     at most 3 repairs (max_repairs), to reach the limit where it is counted
//   bit 3     max_depth 4
// The seeds in fuzz/corpus/shape_fuzzer/ start with a printable selector: '@' lenient,
// 'A' absorbing, 'B' strict, 'D' lenient with 3 repairs at most, 'H' lenient at depth 4.
// Properties: never a crash, hang or sanitizer report; for two struct types (nested structs,
// vectors, optionals, an enum, a renamed and an aliased key), from_json gives exactly what the
// Value path gives (parse, then shape): value, residual, every diagnostic field in order, or the
// same error.

#include "fuzz_checks.hpp"

#include "shape_observe.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shape_fuzz {

enum class Color { red, dark_blue };

struct Inner {
    std::string label;
    std::optional<bool> on;
};

struct Alert {
    std::string name;
    std::int32_t count = 0;
    std::optional<bool> flag;
    std::optional<Color> color;
    std::optional<std::vector<std::string>> tags;
    std::optional<Inner> inner;
    std::optional<std::vector<Inner>> items;
    std::optional<double> ratio;
    std::optional<std::vector<bool>> bits;
    std::optional<std::string> note;
};

// A key that is no identifier (its path step is bracketed) and an aliased one.
struct Keyed {
    std::string odd;
    std::vector<std::string> list;
    std::optional<std::int64_t> n;
};

} // namespace shape_fuzz

template <>
struct laminate::Fields<shape_fuzz::Alert> {
    static FieldList options() { return {field("count").defaulted()}; }
};

template <>
struct laminate::Fields<shape_fuzz::Keyed> {
    static FieldList options() { return {field("odd").rename("odd key"), field("list").alias("items")}; }
};

namespace {

laminate::ShapeOptions options_from(std::uint8_t selector) {
    laminate::ShapeOptions o;
    switch (selector & 3u) {
    case 0: o.mode = laminate::Mode::Lenient; break;
    case 1: o.mode = laminate::Mode::Absorbing; break;
    default: o.mode = laminate::Mode::Strict; break;
    }
    o.parse.max_size = laminate::fuzz::kMaxInput;
    if (selector & 4u) o.parse.max_repairs = 3;
    if (selector & 8u) o.parse.max_depth = 4;
    return o;
}

template <class T>
void check_same(std::string_view text, const laminate::ShapeOptions& options) {
    const std::string fast = fast_test::observe(laminate::from_json<T>(text, options));
    const std::string slow = fast_test::observe(fast_test::slow_path<T>(text, options));
    LAMINATE_FUZZ_CHECK(fast == slow, "from_json and the Value path (parse + shape) disagree");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > laminate::fuzz::kMaxInput) return 0;
    const laminate::ShapeOptions options = options_from(data[0]);
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    check_same<shape_fuzz::Alert>(text, options);
    check_same<shape_fuzz::Keyed>(text, options);
    return 0;
}
