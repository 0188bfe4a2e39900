// Running out of memory: copies throw std::bad_alloc and leak nothing (ASan checks), containers
// are unchanged by a failed append, and the noexcept operations (==, at_pointer, at_path) still
// answer. This file replaces the global operator new for the whole test binary; it only fails
// allocations inside a FailAllocationsAfter scope.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <string>

namespace {
long g_allocations_left = -1; // -1: never fail

struct FailAllocationsAfter {
    explicit FailAllocationsAfter(long n) { g_allocations_left = n; }
    ~FailAllocationsAfter() { g_allocations_left = -1; }
    FailAllocationsAfter(const FailAllocationsAfter&) = delete;
    FailAllocationsAfter& operator=(const FailAllocationsAfter&) = delete;
};
} // namespace

[[gnu::noinline]] void* operator new(std::size_t n) {
    if (g_allocations_left == 0) throw std::bad_alloc();
    if (g_allocations_left > 0) --g_allocations_left;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
// Not inlined: g++ would otherwise see free() paired with new and warn (-Wmismatched-new-delete).
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using laminate::Value;

namespace {
Value sample() {
    Value v = Value::object({{"a string long enough for the heap", "and a value long enough too"},
                             {"n", Value::number_from_lexeme("123456789012345678901234567890")},
                             {"list", Value::array({1, Value::object({{"k", Value::array({"x", "y"})}}), Value::array()})}});
    v.set("deep", Value::array({Value::array({Value::array({"innermost string on the heap"})})}));
    return v;
}

std::string key_for(int i) {
    std::string key(1, 'k');
    key += std::to_string(i % 7);
    return key;
}

Value nested_objects(int depth) {
    Value v = Value::object({{"leaf", 1}});
    for (int i = 1; i < depth; ++i) v = Value::object({{"k", std::move(v)}, {"i", i}});
    return v;
}
} // namespace

TEST(ValueAllocationFailure, CopyThrowsAtEveryAllocationAndLeaksNothing) {
    const Value original = sample();
    const std::string before = original.dump();
    int failures = 0;
    for (long k = 0; k < 200; ++k) {
        bool threw = false;
        {
            FailAllocationsAfter limit(k);
            try {
                Value copy(original);
                g_allocations_left = -1;
                EXPECT_EQ(copy, original);
            } catch (const std::bad_alloc&) {
                threw = true;
            }
        }
        if (!threw) break;
        ++failures;
    }
    EXPECT_GT(failures, 5); // every allocation of the copy was made to fail once
    EXPECT_EQ(original.dump(), before);
}

TEST(ValueAllocationFailure, FailedAppendsLeaveContainersUnchanged) {
    Value a = Value::array({1, 2, 3, 4}); // full: the next push_back must grow
    Value o = Value::object({{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}});
    {
        FailAllocationsAfter limit(0);
        EXPECT_THROW(a.push_back(5), std::bad_alloc);
        EXPECT_THROW(o.set("e", 5), std::bad_alloc);
        EXPECT_THROW(o.append_member("a key long enough to need the heap", 5), std::bad_alloc);
        EXPECT_THROW(o.set("d", "a replacement string that needs the heap"), std::bad_alloc);
    }
    EXPECT_EQ(a.dump(), "[1,2,3,4]");
    EXPECT_EQ(o.dump(), R"({"a":1,"b":2,"c":3,"d":4})");
}

TEST(ValueAllocationFailure, EqualityStillAnswersWithoutMemory) {
    // Deeper than the comparison's inline stack and wider than its inline marks.
    const Value a = nested_objects(200), b = nested_objects(200);
    Value c = nested_objects(200);
    c.set("i", -1);
    Value wide_a = Value::object(), wide_b = Value::object();
    for (int i = 0; i < 2000; ++i) wide_a.append_member(key_for(i), Value::array({i}));
    for (int i = 1999; i >= 0; --i) wide_b.append_member(key_for(i), Value::array({i}));
    Value wide_c = wide_b;
    wide_c.members()[0].value = Value::array({-1});
    bool same = false, different = true, wide_same = false, wide_different = true;
    {
        FailAllocationsAfter limit(0);
        same = a == b;
        different = a == c;
        wide_same = wide_a == wide_b;
        wide_different = wide_a == wide_c;
    }
    EXPECT_TRUE(same);
    EXPECT_FALSE(different);
    EXPECT_TRUE(wide_same);
    EXPECT_FALSE(wide_different);
}

TEST(ValueAllocationFailure, AddressingReturnsNullInsteadOfTerminating) {
    Value doc = Value::object({{"a key with ~ and / inside it", 1}, {"a key with \"quotes\" inside it", 2}});
    const Value* by_pointer = &doc;
    const Value* by_path = &doc;
    const Value* plain = nullptr;
    {
        FailAllocationsAfter limit(0);
        by_pointer = doc.at_pointer("/a key with ~0 and ~1 inside it");
        by_path = doc.at_path(R"(["a key with \"quotes\" inside it"])");
        plain = doc.at_pointer("/a key with \"quotes\" inside it"); // no escapes: no allocation
    }
    EXPECT_EQ(by_pointer, nullptr);
    EXPECT_EQ(by_path, nullptr);
    ASSERT_NE(plain, nullptr);
    EXPECT_EQ(*plain, Value(2));
    EXPECT_NE(doc.at_pointer("/a key with ~0 and ~1 inside it"), nullptr);
    EXPECT_NE(doc.at_path(R"(["a key with \"quotes\" inside it"])"), nullptr);
}
