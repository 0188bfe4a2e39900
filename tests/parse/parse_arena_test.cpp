// Parsed documents take their blocks from a per-thread arena (src/value/arena.hpp). Whatever
// happens to the pieces of a document — moved out, copied, grown, erased, freed on another thread,
// outliving the document and many later parses — each Value stays independent and correct.

#include "parse_support.hpp"

#include <string>
#include <thread>
#include <vector>

namespace laminate {
namespace {

// Containers and strings longer than 16 bytes: every kind of block the parser allocates.
const std::string kDocument =
    R"({"name": "a string longer than sixteen bytes", "tags": ["first long tag here", "x"],)"
    R"( "nested": {"deeper": [1, 2, {"k": "yet another long string value"}]}, "esc": "\u00e9\u00e9 escaped long string"})";

Value parsed() {
    auto r = parse(kDocument);
    EXPECT_TRUE(r);
    return r ? std::move(r->value) : Value();
}

TEST(ParseArena, ChildMovedOutOutlivesItsDocument) {
    Value child;
    Value name;
    {
        Value doc = parsed();
        child = std::move(*doc.find("nested"));
        name = std::move(*doc.find("name"));
    }
    // Churn through enough documents to recycle or free the chunk the document came from.
    for (int i = 0; i < 5000; ++i)
        ASSERT_TRUE(parse(kDocument));
    EXPECT_EQ(name.as_string(), "a string longer than sixteen bytes");
    EXPECT_EQ(child.dump(), R"({"deeper":[1,2,{"k":"yet another long string value"}]})");
}

TEST(ParseArena, CopiesAreIndependentOfTheDocument) {
    Value copy;
    {
        Value doc = parsed();
        copy = doc;
        EXPECT_EQ(copy, doc);
    }
    for (int i = 0; i < 2000; ++i)
        ASSERT_TRUE(parse(kDocument));
    EXPECT_EQ(copy, parsed());
    EXPECT_EQ(copy["esc"].as_string(), "\xC3\xA9\xC3\xA9 escaped long string");
}

TEST(ParseArena, ParsedContainersGrowShrinkAndChange) {
    Value doc = parsed();
    Value& tags = *doc.find("tags");
    for (int i = 0; i < 100; ++i)
        tags.push_back("pushed onto a parsed array " + std::to_string(i));
    EXPECT_EQ(tags.size(), 102u);
    EXPECT_EQ(tags[0].as_string(), "first long tag here");
    EXPECT_EQ(tags[101].as_string(), "pushed onto a parsed array 99");
    doc.set("extra", Value::array({1, 2, 3}));
    EXPECT_TRUE(doc.erase("name"));
    EXPECT_FALSE(doc.contains("name"));
    doc["nested"]; // lookups do not disturb anything
    *doc.find("esc") = Value("replaced with a fresh heap string");
    EXPECT_EQ(doc.dump().find("escaped"), std::string::npos);
    EXPECT_EQ(doc.size(), 4u);
}

TEST(ParseArena, DocumentsFreedOnAnotherThread) {
    std::vector<Value> docs;
    for (int i = 0; i < 3000; ++i)
        docs.push_back(parsed());
    std::thread other([&] {
        // Half here, while this thread keeps parsing (and so allocating from its own chunk).
        for (std::size_t i = 0; i < docs.size(); i += 2)
            docs[i] = Value();
    });
    for (int i = 0; i < 3000; ++i)
        ASSERT_TRUE(parse(kDocument));
    other.join();
    for (std::size_t i = 1; i < docs.size(); i += 2)
        ASSERT_EQ(docs[i]["nested"]["deeper"][2]["k"].as_string(), "yet another long string value");
    docs.clear();
}

// The owning thread counts the blocks it gives back to its current chunk apart from the shared
// count; both must add up, whether the chunk is then started over or retired with blocks alive
// (a wrong sum frees a chunk in use, which the sanitizer builds catch, or leaks it).
TEST(ParseArena, BlocksReleasedHereAndElsewhereAddUp) {
    Value kept = parsed();
    for (int round = 0; round < 300; ++round) {
        Value here = parsed(), elsewhere = parsed();
        here = Value(); // this thread, its current chunk
        std::thread([&] { elsewhere = Value(); }).join();
        if (round % 50 == 0) kept = parsed(); // the older one goes back to a chunk retired by now
    }
    for (int i = 0; i < 3000; ++i)
        ASSERT_TRUE(parse(kDocument));
    EXPECT_EQ(kept, parsed());
    Value survivor = std::move(*kept.find("nested"));
    kept = Value();
    for (int i = 0; i < 3000; ++i)
        ASSERT_TRUE(parse(kDocument));
    EXPECT_EQ(survivor.dump(), R"({"deeper":[1,2,{"k":"yet another long string value"}]})");
}

TEST(ParseArena, DocumentsParsedOnAThreadThatEnded) {
    Value doc;
    std::thread([&] { doc = parsed(); }).join();
    for (int i = 0; i < 1000; ++i)
        ASSERT_TRUE(parse(kDocument));
    EXPECT_EQ(doc, parsed());
}

TEST(ParseArena, BigDocumentsUseTheHeapForBigBlocks) {
    // An array of 1000 elements (24 KB) and a 10 KB string are too big for an arena block.
    std::string text = "[";
    for (int i = 0; i < 1000; ++i)
        text += (i ? ",\"" : "\"") + std::string(i == 500 ? 10'000 : 20, 'a') + "\"";
    text += "]";
    auto r = parse(text);
    ASSERT_TRUE(r);
    Value copy = r->value;
    Value element = std::move(r->value[500]);
    r->value = Value();
    EXPECT_EQ(element.as_string().size(), 10'000u);
    EXPECT_EQ(copy.size(), 1000u);
    EXPECT_EQ(copy[999].as_string(), std::string(20, 'a'));
}

} // namespace
} // namespace laminate
