// The pool that packs compiled schemas' compact blocks together: blocks zero-filled, aligned and
// apart, chunks given back and reused whatever the order and thread of release, and schemas
// compiled and destroyed in any order still shaping right. (The sanitizer builds give every
// block its own allocation, so that ASan bounds each one; this file checks the pooled build.)
#include "schema/shape/hot_block_pool.hpp"
#include "schema/schema_test_util.hpp"

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace laminate;
using namespace laminate::schema_detail;

namespace {

struct Block {
    std::byte* p;
    std::size_t size;
    std::byte mark;
};

bool all_equal(const Block& b, std::byte value) {
    for (std::size_t i = 0; i < b.size; ++i)
        if (b.p[i] != value) return false;
    return true;
}

// Sizes from one byte to past the pooled limit (16 KiB), in an order that mixes them.
std::vector<Block> acquire_many(std::size_t count) {
    std::vector<Block> blocks;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t size = i % 97 == 0 ? 20'000 + i : 1 + (i * 37) % 1'500;
        blocks.push_back({acquire_hot_block(size), size, static_cast<std::byte>(1 + i % 251)});
    }
    return blocks;
}

} // namespace

TEST(HotBlockPool, BlocksAreZeroedAlignedAndApart) {
    std::vector<Block> blocks = acquire_many(3'000); // well over one 64 KiB chunk
    for (const Block& b : blocks) {
        ASSERT_EQ(reinterpret_cast<std::uintptr_t>(b.p) % 64, 0u);
        ASSERT_TRUE(all_equal(b, std::byte{0}));
        std::memset(b.p, static_cast<int>(b.mark), b.size);
    }
    // Every block still holds its own mark: none overlaps another.
    for (const Block& b : blocks) ASSERT_TRUE(all_equal(b, b.mark));
    for (std::size_t i = 1; i < blocks.size(); i += 2) release_hot_block(blocks[i].p, blocks[i].size);
    for (std::size_t i = 0; i < blocks.size(); i += 2) ASSERT_TRUE(all_equal(blocks[i], blocks[i].mark));
    for (std::size_t i = 0; i < blocks.size(); i += 2) release_hot_block(blocks[i].p, blocks[i].size);
    // Chunks emptied and reused: new blocks come zero-filled again.
    std::vector<Block> again = acquire_many(3'000);
    for (const Block& b : again) ASSERT_TRUE(all_equal(b, std::byte{0}));
    for (const Block& b : again) release_hot_block(b.p, b.size);
    release_hot_block(nullptr, 10); // nothing to give back
}

TEST(HotBlockPool, BlocksMayBeReleasedFromAnotherThread) {
    std::vector<Block> blocks = acquire_many(1'000);
    std::thread other([&] {
        for (const Block& b : blocks) release_hot_block(b.p, b.size);
    });
    other.join();
    std::vector<Block> again = acquire_many(1'000);
    for (const Block& b : again) ASSERT_TRUE(all_equal(b, std::byte{0}));
    for (const Block& b : again) release_hot_block(b.p, b.size);
}

TEST(HotBlockPool, SchemasDestroyedInAnyOrderLeaveTheOthersIntact) {
    // Each schema's compact block has its own key and default: a block overwritten or freed with
    // another schema would shape the wrong key or default.
    auto schema_for = [](std::size_t i) {
        const std::string key = "key_" + std::to_string(i);
        return R"({"type":"object","properties":{")" + key + R"(":{"type":"integer"},"n":{"type":"integer","default":)" +
               std::to_string(i) + R"(}},"required":[")" + key + R"("]})";
    };
    std::vector<std::unique_ptr<Schema>> schemas;
    for (std::size_t i = 0; i < 600; ++i) {
        auto c = Schema::compile_json(schema_for(i));
        ASSERT_TRUE(c) << i;
        schemas.push_back(std::make_unique<Schema>(std::move(*c)));
        if (i % 3 == 1) schemas[i - 1].reset(); // some die young, beside live ones
    }
    for (std::size_t i = 0; i < schemas.size(); ++i) {
        if (!schemas[i]) continue;
        const std::string text = R"({"key_)" + std::to_string(i) + R"(":7})";
        auto r = schemas[i]->from_json(text);
        ASSERT_TRUE(r) << i;
        EXPECT_EQ(r->value.dump(), R"({"key_)" + std::to_string(i) + R"(":7,"n":)" + std::to_string(i) + "}") << i;
    }
}
