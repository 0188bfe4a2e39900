#pragma once
// Properties shared by the fuzz targets. A failed check prints what was violated (never the
// input: libFuzzer saves that as the crash artifact) and aborts, which libFuzzer reports.

#include <laminate/parse.hpp>
#include <laminate/value.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#define LAMINATE_FUZZ_CHECK(cond, what)                                                            \
    do {                                                                                           \
        if (!(cond)) ::laminate::fuzz::fail(__FILE__, __LINE__, #cond, what);                      \
    } while (0)

namespace laminate::fuzz {

// Inputs beyond this are not interesting and only slow the fuzzer down.
inline constexpr std::size_t kMaxInput = std::size_t(1) << 20;

[[noreturn]] inline void fail(const char* file, int line, const char* cond, std::string_view what) {
    std::fprintf(stderr, "%s:%d: property violated: %.*s\n  (%s)\n", file, line,
                 static_cast<int>(what.size()), what.data(), cond);
    std::abort();
}

// dump() renders a non-finite double without a JSON lexeme (a NaN/Infinity repair) as null: the
// value that must come back from a strict re-parse is the same tree with those numbers replaced
// by null. (A number out of a double's range, 1e999, keeps its lexeme and stays a number.)
inline Value without_non_finite(Value v) {
    std::vector<Value*> stack{&v};
    while (!stack.empty()) {
        Value* x = stack.back();
        stack.pop_back();
        if (x->is_number() && x->number_text() == "null") {
            *x = Value();
        } else if (x->is_array()) {
            for (auto& item : x->items())
                stack.push_back(&item);
        } else if (x->is_object()) {
            for (auto& m : x->members())
                stack.push_back(&m.value);
        }
    }
    return v;
}

// Every offset a diagnostic or an error reports points into (or just past) the input.
inline void check_offsets(const Diagnostics& ds, std::size_t input_size) {
    for (const auto& d : ds)
        LAMINATE_FUZZ_CHECK(d.offset == Diagnostic::no_offset || d.offset <= input_size,
                            "a diagnostic's offset lies beyond the input");
}

inline void check_error(const Error& e, std::size_t input_size) {
    LAMINATE_FUZZ_CHECK(!e.has_offset() || e.offset() <= input_size,
                        "an error's offset lies beyond the input");
    LAMINATE_FUZZ_CHECK(!e.message().empty(), "an error without a message");
}

// Strict options for re-reading laminate's own output. Depth is generous because repairs may
// legitimately add a level (several top-level payloads become one array; double-encoded
// strings become containers); duplicates are kept because the value may hold them on purpose.
inline ParseOptions strict_reread_options() {
    ParseOptions o;
    o.repair = false;
    o.max_depth = std::size_t(1) << 16;
    o.duplicate_keys = DuplicateKeys::KeepAll;
    return o;
}

// The round-trip property: whatever laminate accepted, its compact and pretty renderings are
// strict JSON that read back to the same value, and the compact rendering is a fixed point.
inline void check_round_trip(const Value& value) {
    const Value expected = without_non_finite(value);
    const std::string compact = value.dump();
    auto again = parse(compact, strict_reread_options());
    if (!again) {
        std::string why = "dump() is not strict JSON: ";
        why += again.error().to_string();
        fail(__FILE__, __LINE__, "parse(dump())", why);
    }
    LAMINATE_FUZZ_CHECK(again->value == expected, "dump() does not read back to the same value");
    LAMINATE_FUZZ_CHECK(again->value.dump() == compact, "dump() of the re-read value differs");

    auto pretty = parse(value.dump_pretty(), strict_reread_options());
    LAMINATE_FUZZ_CHECK(pretty.has_value(), "dump_pretty() is not strict JSON");
    LAMINATE_FUZZ_CHECK(pretty->value == expected,
                        "dump_pretty() does not read back to the same value");
}

} // namespace laminate::fuzz
