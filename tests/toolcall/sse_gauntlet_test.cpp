// Conformance with ../shared/corpora/providers/laminate/sse_gauntlet.json (27 SSE texts and the
// events they must give). Each case is also re-read split at every byte boundary, in 1-byte
// chunks, and in the corpus's own chunks when it gives them: all must give the same events.

#include <laminate/parse.hpp>
#include <laminate/toolcall/sse.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using laminate::Value;
using laminate::toolcall::SseEvent;
using laminate::toolcall::SseReader;

std::vector<SseEvent> read_chunks(const std::vector<std::string>& chunks) {
    SseReader reader;
    std::vector<SseEvent> out;
    for (auto& c : chunks) EXPECT_TRUE(reader.feed(c, out));
    EXPECT_TRUE(reader.finish(out));
    return out;
}

std::string case_input(const Value& c) {
    if (c["input"].is_string()) return std::string(c["input"].as_string());
    if (c["chunks"].is_array()) {
        std::string all;
        for (auto& ch : c["chunks"].items()) all += ch.as_string();
        return all;
    }
    const Value& gen = c["input_gen"];
    std::string all, tmpl(gen["template"].as_string());
    std::int64_t count = 0;
    EXPECT_TRUE(gen["count"].get_int64(count));
    for (std::int64_t i = 0; i < count; ++i) {
        std::string t = tmpl;
        t.replace(t.find("INDEX"), 5, std::to_string(i));
        all += t;
    }
    return all;
}

TEST(SseGauntlet, EveryCaseAtEveryByteBoundary) {
    const auto path = laminate::test::corpora_dir() / "providers/laminate/sse_gauntlet.json";
    LAMINATE_REQUIRE_CORPUS(path);
    auto doc = laminate::parse_json(laminate::test::read_file(path));
    ASSERT_TRUE(doc);
    const Value& cases = (*doc)["cases"];
    ASSERT_EQ(cases.size(), 27u);
    std::size_t checked = 0;
    for (const Value& c : cases.items()) {
        const std::string id(c["id"].as_string());
        SCOPED_TRACE(id);
        const std::string input = case_input(c);
        const auto whole = read_chunks({input});
        if (c["expected_events"].is_array()) {
            const auto& expected = c["expected_events"];
            ASSERT_EQ(whole.size(), expected.size());
            for (std::size_t i = 0; i < whole.size(); ++i) {
                EXPECT_EQ(whole[i].data, expected[i]["data"].as_string());
                const Value& type = expected[i]["event_type"];
                EXPECT_EQ(whole[i].event, type.is_string() ? type.as_string() : "");
            }
        } else {
            std::int64_t count = -1;
            ASSERT_TRUE(c["expected_count"].get_int64(count));
            EXPECT_EQ(whole.size(), static_cast<std::size_t>(count));
        }
        if (c["chunks"].is_array()) {
            std::vector<std::string> chunks;
            for (auto& ch : c["chunks"].items()) chunks.emplace_back(ch.as_string());
            EXPECT_EQ(read_chunks(chunks), whole);
        }
        std::vector<std::string> bytes;
        for (char ch : input) bytes.emplace_back(1, ch);
        EXPECT_EQ(read_chunks(bytes), whole);
        for (std::size_t cut = 0; cut <= input.size(); ++cut)
            ASSERT_EQ(read_chunks({input.substr(0, cut), input.substr(cut)}), whole) << "cut " << cut;
        ++checked;
    }
    EXPECT_EQ(checked, 27u);
}

} // namespace
