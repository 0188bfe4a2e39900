// libFuzzer target for JSON Schema compile + validate. The input is a schema and an instance,
// both JSON read with repairs, separated by the first newline; the first byte picks options:
//   bit 0  stop at the first violation      bit 1  draft 7 dialect
//   bit 2  tight limits (depth 16, 2,000 steps), to exercise the limit paths cheaply
//   bits 3-4  the shaping mode (lenient, absorbing, strict)
// Seeds in fuzz/corpus/schema_fuzzer/ start with a printable selector ('@' defaults, 'A' first,
// 'B' draft 7, 'D' tight).
// Properties: never a crash, hang or sanitizer report, also for $ref cycles and deep nesting;
// an invalid schema is an invalid_schema error; valid exactly when there are no violations; at
// most one violation with stop_at_first; every violation path reads back in the instance;
// schema-driven shaping of an instance the parser read without a repair gives the same value (or
// fails alike) from its text (shape_json, whose fast reader takes valid JSON) and from its parsed
// value (shape).

#include "fuzz_checks.hpp"

#include <laminate/parse.hpp>
#include <laminate/schema.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace laminate;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > fuzz::kMaxInput) return 0;
    const std::uint8_t selector = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const std::size_t newline = text.find('\n');
    if (newline == std::string_view::npos) return 0;
    ParseOptions po;
    po.max_depth = 64;
    auto schema_value = parse(text.substr(0, newline), po);
    auto instance = parse(text.substr(newline + 1), po);
    if (!schema_value || !instance) return 0;

    SchemaCompileOptions so;
    so.draft = (selector & 2u) ? Draft::Draft7 : Draft::Automatic;
    ValidateOptions vo;
    vo.stop_at_first = (selector & 1u) != 0;
    if (selector & 4u) {
        so.max_depth = 16;
        vo.max_depth = 16;
        vo.max_steps = 2000;
    } else {
        vo.max_steps = 200'000; // keeps each run fast; the limit path is a property too
    }
    auto schema = Schema::compile(schema_value->value, so);
    if (!schema) {
        LAMINATE_FUZZ_CHECK(schema.error().kind() == ErrorKind::InvalidSchema, "compile fails only with invalid_schema");
        return 0;
    }
    const ValidationResult r = schema->validate(instance->value, vo);
    LAMINATE_FUZZ_CHECK(r.valid == r.violations.empty(), "valid exactly when there are no violations");
    if (vo.stop_at_first) LAMINATE_FUZZ_CHECK(r.violations.size() <= 1, "stop_at_first reports at most one violation");
    LAMINATE_FUZZ_CHECK(r.violations.size() <= vo.max_violations, "at most max_violations");
    for (const Violation& v : r.violations) {
        LAMINATE_FUZZ_CHECK(instance->value.at_path(v.path) != nullptr, "a violation path reads back in the instance");
        LAMINATE_FUZZ_CHECK(v.excerpt.size() <= vo.excerpt_bytes + 3, "excerpts are cut short");
        LAMINATE_FUZZ_CHECK(!v.message.empty() && !v.keyword.empty(), "every violation says what and which keyword");
    }
    LAMINATE_FUZZ_CHECK(schema->is_valid(instance->value) == r.valid || r.violations.back().keyword == "limits" ||
                            r.violations.back().keyword == "depth",
                        "is_valid agrees with validate");

    auto shaping = Schema::compile(schema_value->value);
    if (shaping && instance->diagnostics.empty()) {
        static constexpr Mode modes[] = {Mode::Lenient, Mode::Absorbing, Mode::Strict};
        ShapeOptions opt;
        opt.mode = modes[(selector >> 3) % 3];
        opt.parse.max_depth = po.max_depth;
        auto from_text = shaping->from_json(text.substr(newline + 1), opt);
        auto from_value = shaping->from_value(instance->value, opt);
        LAMINATE_FUZZ_CHECK(from_text.has_value() == from_value.has_value(), "shaping text and value disagree on success");
        if (from_text && from_value) {
            LAMINATE_FUZZ_CHECK(from_text->value == from_value->value, "shaping text and value give different values");
            LAMINATE_FUZZ_CHECK(from_text->diagnostics.size() == from_value->diagnostics.size(),
                                "shaping text and value give different diagnostics");
        }
    }
    // Model text (extraction, envelopes, wrappers, bare answers), whatever the instance holds:
    // only never a crash, hang or sanitizer report (the walks over a recursive schema's
    // alternatives are what this reaches that the paths above do not).
    if (shaping) {
        ShapeOptions opt;
        opt.mode = (selector & 8u) ? Mode::Strict : Mode::Lenient;
        opt.parse.max_depth = po.max_depth;
        (void)shaping->from_llm_response(text.substr(newline + 1), opt);
    }
    return 0;
}
