// libFuzzer target for from_json<T>: typed shaping from text, whose fast path (shape_fast.hpp,
// src/shape/fast_scan.cpp, src/shape/fast_repair.cpp) reads the text itself and makes the
// parser's commonest repairs in place. The first byte picks the options, the rest is the text:
//   bits 0-1  0: lenient   1: absorbing   2, 3: strict
//   bit 2     at most 3 repairs (max_repairs), to reach the limit where it is counted
//   bit 3     max_depth 4
// The seeds in fuzz/corpus/shape_fuzzer/ start with a printable selector: '@' lenient,
// 'A' absorbing, 'B' strict, 'D' lenient with 3 repairs at most, 'H' lenient at depth 4.
// Properties: never a crash, hang or sanitizer report; for the two struct types of
// tests/shape/repair_test_types.hpp (nested structs, vectors, optionals, an enum, a renamed and an
// aliased key), from_json gives exactly what the Value path gives (parse, then shape): value,
// residual, every diagnostic field in order, or the same error.

#include "fuzz_checks.hpp"

#include "repair_test_types.hpp"
#include "shape_observe.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

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
    check_same<fast_test::Outer>(text, options);
    check_same<fast_test::Keyed>(text, options);
    return 0;
}
