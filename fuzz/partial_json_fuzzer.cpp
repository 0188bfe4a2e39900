// libFuzzer target for PartialJson (streamed tool-call arguments) and its strict incremental
// reader. The first byte picks the delta size (1 + byte % 32); the rest is the argument text.
// Properties: never a crash, hang or sanitizer report; fed in deltas with a view after each, the
// final view and value equal those of a reader fed the whole text at once (how the text was cut
// changes nothing); text that is strict JSON with an object or array at the top (and no repeated
// top-level key, which PartialJson keeps) is complete and equals the strict parse.

#include "fuzz_checks.hpp"

#include <laminate/parse.hpp>
#include <laminate/toolcall/partial_json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

using namespace laminate;
using laminate::toolcall::PartialJson;

namespace {

bool same_open(const Value* a, const Value* b) { return a == b || (a && b && *a == *b); }

bool repeats_a_top_level_key(const Value& v) {
    if (!v.is_object()) return false;
    std::vector<std::string_view> keys;
    for (const auto& m : v.members()) keys.push_back(m.key());
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > fuzz::kMaxInput) return 0;
    const std::size_t step = 1 + data[0] % 32;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    PartialJson streamed;
    for (std::size_t i = 0; i < text.size(); i += step) {
        streamed.append(text.substr(i, step));
        (void)streamed.view();
    }
    PartialJson whole;
    whole.append(text);

    const auto a = streamed.view();
    const auto b = whole.view();
    LAMINATE_FUZZ_CHECK(a.has_open == b.has_open, "the open member depends on the deltas");
    LAMINATE_FUZZ_CHECK(a.open_key == b.open_key && a.open_path == b.open_path, "the open key depends on the deltas");
    LAMINATE_FUZZ_CHECK(same_open(a.open_value, b.open_value), "the open value depends on the deltas");
    LAMINATE_FUZZ_CHECK(a.complete == b.complete, "completeness depends on the deltas");
    LAMINATE_FUZZ_CHECK((a.closed == nullptr) == (b.closed == nullptr) && (!a.closed || *a.closed == *b.closed),
                        "the closed members depend on the deltas");
    LAMINATE_FUZZ_CHECK(streamed.value() == whole.value(), "the value depends on the deltas");

    // A repeated key must be looked for in the text: the strict parse keeps only the last one
    // (DuplicateKeys::LastWins), so it shows no repeat. Read once more keeping them all.
    ParseOptions keep_all;
    keep_all.repair = false;
    keep_all.duplicate_keys = DuplicateKeys::KeepAll;
    auto every_member = parse(text, keep_all);
    if (every_member && (every_member->value.is_object() || every_member->value.is_array()) &&
        !repeats_a_top_level_key(every_member->value)) {
        auto strict = parse_json(text);
        LAMINATE_FUZZ_CHECK(strict.has_value(), "strict JSON read keeping repeated keys fails with them dropped");
        LAMINATE_FUZZ_CHECK(streamed.complete(), "strict JSON is not complete");
        LAMINATE_FUZZ_CHECK(streamed.value() == *strict, "strict JSON reads differently");
    }
    return 0;
}
