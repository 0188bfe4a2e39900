// The JSON-extraction vectors of the TypedLM crate (shared corpus), as extraction cases.
#include "corpora.hpp"
#include "extract/extract_test_util.hpp"

using laminate::ErrorKind;

TEST(ExtractTypedlmCases, JsonExtractionCases) {
    const auto path = laminate::test::corpora_dir() / "typedlm" / "json_extraction_cases.json";
    LAMINATE_REQUIRE_CORPUS(path);
    auto doc = laminate::parse_json(laminate::test::read_file(path));
    ASSERT_TRUE(doc) << doc.error();
    const bool repairs = laminate::test::parser_repairs();
    std::size_t checked = 0;
    for (const laminate::Value& c : (*doc)["cases"].items()) {
        const std::string name(c["name"].as_string());
        const std::string_view text = c["text"].as_string();
        if (name == "trailing_commas" && !repairs) continue; // needs the tolerant parser
        auto r = laminate::extract(text);
        if (const laminate::Value* ok = c.find("ok")) {
            ASSERT_TRUE(r) << name << ": " << r.error();
            EXPECT_EQ(r->parsed.value.dump(), ok->dump()) << name;
        } else {
            ASSERT_FALSE(r) << name;
            EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload) << name;
            // Truncation is reported as such once the parser says so.
            if (c.contains("error_contains") &&
                laminate::parse(text).error().kind() == ErrorKind::ValueNotClosed) {
                EXPECT_NE(r.error().message().find(c["error_contains"].as_string()), std::string::npos)
                    << name << ": " << r.error().message();
            }
        }
        ++checked;
    }
    EXPECT_GE(checked, 5u);
}
