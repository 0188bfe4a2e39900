// libFuzzer target for laminate::parse. The first byte picks the options, the rest is the text:
//   bits 0-1  0: repairs on   1: repairs + complete_truncated   2, 3: strict (repairs off)
//   bit 2     invalid UTF-8 replaced by U+FFFD instead of an error
//   bit 3     duplicate keys kept (keep_all) instead of last_wins
//   bit 4     tight limits (depth 8, 4 repairs), to exercise the limit paths cheaply
// The seeds in fuzz/corpus/parse_fuzzer/ start with a printable selector: '@' repairs, 'A' with
// completion, 'B' strict, 'D' replacing bad UTF-8, 'H' keeping duplicates, 'P' tight limits.
// Properties: never a crash, hang or sanitizer report; offsets stay inside the input; a strict
// parse reports no repair and agrees with parse_json and with the repairing parse; whatever
// parses round-trips through dump() as strict JSON to an equal value.

#include "fuzz_checks.hpp"

#include <laminate/parse.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace laminate;

namespace {

struct Mode {
    ParseOptions options;
    bool strict = false;
    bool tight = false;
};

Mode mode_from(std::uint8_t selector) {
    Mode m;
    m.options.max_size = fuzz::kMaxInput;
    switch (selector & 3u) {
    case 0: break;
    case 1: m.options.complete_truncated = true; break;
    default:
        m.options.repair = false;
        m.strict = true;
        break;
    }
    if (selector & 4u) m.options.invalid_utf8 = InvalidUtf8::Replace;
    if (selector & 8u) m.options.duplicate_keys = DuplicateKeys::KeepAll;
    if (selector & 16u) {
        m.tight = true;
        m.options.max_depth = 8;
        m.options.max_repairs = 4;
    }
    return m;
}

// Sites repaired: a style repair made at several sites is one diagnostic with their count.
std::size_t count_repairs(const Diagnostics& ds) {
    std::size_t n = 0;
    for (const auto& d : ds)
        n += d.kind == DiagnosticKind::Repaired ? d.count : 0;
    return n;
}

// Merged style repairs (the default) and one diagnostic per site describe the same parse: the
// same value, one diagnostic per style kind standing for exactly the per-site list's sites.
void check_merged_matches_per_site(std::string_view text, const Mode& m, const Parsed& merged) {
    ParseOptions each = m.options;
    each.diagnostics_per_site = true;
    auto per_site = parse(text, each);
    LAMINATE_FUZZ_CHECK(per_site.has_value(), "diagnostics_per_site changes whether a text parses");
    LAMINATE_FUZZ_CHECK(per_site->value.dump() == merged.value.dump(),
                        "diagnostics_per_site changes the value");
    std::size_t sites = 0;
    std::uint64_t styles = 0;
    for (const auto& d : merged.diagnostics) {
        sites += d.count;
        LAMINATE_FUZZ_CHECK(d.count >= 1, "a diagnostic stands for no site");
        if (d.kind != DiagnosticKind::Repaired || !is_style_repair(d.repair)) {
            LAMINATE_FUZZ_CHECK(d.count == 1, "a local repair stands for several sites");
            continue;
        }
        const std::uint64_t bit = std::uint64_t(1) << static_cast<unsigned>(d.repair);
        LAMINATE_FUZZ_CHECK(!(styles & bit), "a style repair is reported twice");
        styles |= bit;
    }
    LAMINATE_FUZZ_CHECK(sites == per_site->diagnostics.size(),
                        "merged diagnostics do not stand for the per-site ones");
}

// Syntax repairs only: replacing bad UTF-8 is not one when the caller asked for it
// (InvalidUtf8::Replace), in strict mode too.
std::size_t count_syntax_repairs(const Diagnostics& ds, const ParseOptions& o) {
    std::size_t n = 0;
    for (const auto& d : ds)
        n += d.kind == DiagnosticKind::Repaired &&
             !(d.repair == RepairKind::InvalidUtf8 && o.invalid_utf8 == InvalidUtf8::Replace);
    return n;
}

// A document that strict mode accepts is valid JSON: the repairing parser must read it the same
// way (repairs apply to what is broken, never to what is valid), except for double encoding.
void check_strict_agrees(std::string_view text, const Mode& m, const Value& strict_value) {
    if (!m.tight && m.options.invalid_utf8 == InvalidUtf8::Error &&
        m.options.duplicate_keys == DuplicateKeys::LastWins) {
        auto plain = parse_json(text);
        LAMINATE_FUZZ_CHECK(plain.has_value(),
                            "parse_json rejects what parse(repair=false) accepts");
        LAMINATE_FUZZ_CHECK(*plain == strict_value, "parse_json and parse(repair=false) disagree");
    }
    ParseOptions lenient = m.options;
    lenient.repair = true;
    auto repaired = parse(text, lenient);
    LAMINATE_FUZZ_CHECK(repaired.has_value(), "the repairing parser rejects valid JSON");
    const std::size_t repairs = count_syntax_repairs(repaired->diagnostics, lenient);
    bool double_encoded = false;
    for (const auto& d : repaired->diagnostics)
        double_encoded = double_encoded || d.repair == RepairKind::DoubleEncoded;
    if (strict_value.is_string() && repairs == 1 && double_encoded) {
        // The one liberty taken with valid JSON, by design: a root string that holds a JSON
        // document is decoded. Then the string's content must be that document, strictly.
        ParseOptions inner = m.options;
        inner.repair = false;
        auto decoded = parse(strict_value.as_string(), inner);
        LAMINATE_FUZZ_CHECK(decoded.has_value(), "a double-encoded root decoded from invalid JSON");
        LAMINATE_FUZZ_CHECK(decoded->value == repaired->value,
                            "a double-encoded root decoded wrongly");
        return;
    }
    LAMINATE_FUZZ_CHECK(repairs == 0, "a repair was reported on valid JSON");
    LAMINATE_FUZZ_CHECK(repaired->value == strict_value,
                        "repairing and strict parses of valid JSON differ");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > fuzz::kMaxInput) return 0;
    const Mode m = mode_from(data[0]);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    auto result = parse(text, m.options);
    if (!result) {
        fuzz::check_error(result.error(), text.size());
        return 0;
    }
    fuzz::check_offsets(result->diagnostics, text.size());
    check_merged_matches_per_site(text, m, *result);
    const std::size_t repairs = count_repairs(result->diagnostics);
    LAMINATE_FUZZ_CHECK(repairs <= m.options.max_repairs, "more repairs than max_repairs");
    if (m.strict) {
        LAMINATE_FUZZ_CHECK(count_syntax_repairs(result->diagnostics, m.options) == 0,
                            "strict mode reported a repair");
        check_strict_agrees(text, m, result->value);
    }
    fuzz::check_round_trip(result->value);
    return 0;
}
