#pragma once
// Builds an object's members on the stack and hands them to one exactly-sized Value: shaping
// writes each object once, so the growth steps of append_member (1, 2, 4, ...) are pure cost.

#include "value/value_access.hpp"

#include <laminate/value.hpp>

#include <cstddef>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate::schema_detail {

// A string Value of `text`, its block (when it does not fit inline) from the parser's arena, as the
// parser builds the strings of a document: a pointer bump instead of a malloc. Equal to
// Value(text) in every way a caller sees. `readable_end`: how far past text's start bytes may be
// read (a short string is then copied with one fixed-size move).
inline Value arena_string(std::string_view text, const char* readable_end) {
    Value v; // null: construct_string overwrites nothing that needs releasing
    detail::ValueAccess::construct_string(&v, text.data(), text.size(), readable_end);
    return v;
}

class MemberBuilder {
public:
    MemberBuilder() = default;
    MemberBuilder(const MemberBuilder&) = delete;
    MemberBuilder& operator=(const MemberBuilder&) = delete;
    ~MemberBuilder() {
        if (!on_heap_)
            for (std::size_t i = 0; i < size_; ++i) inline_data()[i].~Member();
    }

    void add(std::string_view key, Value&& value) {
        if (!on_heap_ && size_ == kInline) spill();
        // Keys are the output's most numerous strings: from the arena, as the parser's are.
        if (on_heap_) heap_.push_back(Member{arena_string(key, key.data() + key.size()), std::move(value)});
        else ::new (static_cast<void*>(inline_data() + size_)) Member{arena_string(key, key.data() + key.size()), std::move(value)};
        ++size_;
    }

    const Value* find(std::string_view key) const noexcept {
        const Member* m = data();
        for (std::size_t i = 0; i < size_; ++i)
            if (m[i].key() == key) return &m[i].value;
        return nullptr;
    }

    // The object; the builder is empty afterwards.
    Value finish() {
        Value out = detail::ValueAccess::adopt_object(data(), size_);
        // The members now belong to `out`: forget them here without destroying them.
        if (on_heap_)
            for (Member& m : heap_) ::new (static_cast<void*>(&m)) Member{};
        size_ = 0;
        return out;
    }

private:
    static constexpr std::size_t kInline = 16;

    Member* inline_data() noexcept { return std::launder(reinterpret_cast<Member*>(storage_)); }
    const Member* data() const noexcept {
        return on_heap_ ? heap_.data() : std::launder(reinterpret_cast<const Member*>(storage_));
    }
    Member* data() noexcept { return on_heap_ ? heap_.data() : inline_data(); }

    void spill() {
        heap_.reserve(2 * kInline);
        for (std::size_t i = 0; i < size_; ++i) {
            heap_.push_back(std::move(inline_data()[i]));
            inline_data()[i].~Member();
        }
        on_heap_ = true;
    }

    alignas(Member) unsigned char storage_[kInline * sizeof(Member)];
    std::vector<Member> heap_;
    std::size_t size_ = 0;
    bool on_heap_ = false;
};

} // namespace laminate::schema_detail
