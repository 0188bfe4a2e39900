#pragma once
// Keyword lookups of the schema compilers: a subschema is asked for some forty keywords and has
// a handful of them, so most lookups miss. A 64-bit summary of the object's keys (one bit per
// key, picked from its length and end bytes) answers most misses without comparing a key; any
// other lookup is Value::find itself, so the answers are exactly find's.

#include <laminate/value.hpp>

#include <cstdint>
#include <string_view>

namespace laminate::schema_detail {

class KeywordLookup {
public:
    // s.find(key), for a `s` that is not modified while it is the object last asked about.
    const Value* find(const Value& s, std::string_view key) {
        if (&s != object_) {
            object_ = &s;
            keys_ = 0;
            if (s.is_object())
                for (const Member& m : s.members()) keys_ |= bit(m.key());
        }
        if ((keys_ & bit(key)) == 0) return nullptr;
        return s.find(key);
    }

private:
    static std::uint64_t bit(std::string_view key) noexcept {
        if (key.empty()) return 1;
        const auto first = static_cast<unsigned char>(key.front());
        const auto last = static_cast<unsigned char>(key.back());
        return std::uint64_t{1} << ((key.size() * 7 + first + last * 3) & 63);
    }

    const Value* object_ = nullptr; // the object keys_ summarizes
    std::uint64_t keys_ = 0;
};

} // namespace laminate::schema_detail
