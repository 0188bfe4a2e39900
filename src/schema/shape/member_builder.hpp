#pragma once
// Builds an object's members on the stack and hands them to one exactly-sized Value: shaping
// writes each object once, so the growth steps of append_member (1, 2, 4, ...) are pure cost.

#include "value/value_access.hpp"

#include <laminate/value.hpp>

#include <cstddef>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate::schema_detail {

// How far past a std::string's data() bytes may be read: its buffer holds capacity() + 1 bytes
// (the characters, the terminator, the rest of the capacity; never fewer than 16 in libstdc++),
// so a property key's Value is made with one fixed-size move instead of a call to memcpy.
inline const char* readable_end(const std::string& s) noexcept { return s.data() + s.capacity() + 1; }

// Up to kInline elements in place on the stack, the rest in a vector: the storage both builders
// share. An element is value-initialized (null) for the caller to build over.
template <class T>
class InlineRun {
public:
    InlineRun() = default;
    InlineRun(const InlineRun&) = delete;
    InlineRun& operator=(const InlineRun&) = delete;
    ~InlineRun() {
        if (!on_heap_)
            for (std::size_t i = 0; i < size_; ++i) inline_data()[i].~T();
    }

    // Inline: it runs once per member or item, and a call costs a tenth of its work.
    [[gnu::always_inline]] T& emplace() {
        if (!on_heap_ && size_ == kInline) spill();
        ++size_;
        if (on_heap_) return heap_.emplace_back();
        return *::new (static_cast<void*>(inline_data() + size_ - 1)) T{};
    }
    void pop_back() noexcept {
        --size_;
        if (on_heap_) heap_.pop_back();
        else inline_data()[size_].~T();
    }

    std::size_t size() const noexcept { return size_; }
    T* data() noexcept { return on_heap_ ? heap_.data() : inline_data(); }
    const T* data() const noexcept {
        return on_heap_ ? heap_.data() : std::launder(reinterpret_cast<const T*>(storage_));
    }

    // The elements now belong to a Value (adopt_object / adopt_array): forget them here without
    // destroying them; the run is empty afterwards.
    void release() noexcept {
        if (on_heap_)
            for (T& e : heap_) ::new (static_cast<void*>(&e)) T{};
        heap_.clear();
        size_ = 0;
    }

private:
    static constexpr std::size_t kInline = 16;

    T* inline_data() noexcept { return std::launder(reinterpret_cast<T*>(storage_)); }

    void spill() {
        heap_.reserve(2 * kInline);
        for (std::size_t i = 0; i < size_; ++i) {
            heap_.push_back(std::move(inline_data()[i]));
            inline_data()[i].~T();
        }
        on_heap_ = true;
    }

    alignas(T) unsigned char storage_[kInline * sizeof(T)];
    std::vector<T> heap_;
    std::size_t size_ = 0;
    bool on_heap_ = false;
};

class MemberBuilder {
public:
    void add(std::string_view key, Value&& value) { add(key, key.data() + key.size(), std::move(value)); }
    void add(const std::string& key, Value&& value) { add(key, readable_end(key), std::move(value)); }

    // A member of `key` whose value (null until then) the caller builds in place: no move of it, no
    // destructor call. drop_last() takes it back when the caller cannot build it after all.
    Value& open(std::string_view key) { return open(key, key.data() + key.size()); }
    Value& open(const std::string& key) { return open(key, readable_end(key)); }
    void drop_last() noexcept { members_.pop_back(); }

    const Value* find(std::string_view key) const noexcept {
        const Member* m = members_.data();
        for (std::size_t i = 0; i < members_.size(); ++i)
            if (m[i].key() == key) return &m[i].value;
        return nullptr;
    }

    // The object; the builder is empty afterwards.
    Value finish() {
        Value out = value_detail::ValueAccess::adopt_object(members_.data(), members_.size());
        members_.release();
        return out;
    }

    // Keys are the output's most numerous strings: their blocks (when they do not fit inline) from
    // the parser's arena, as the parser builds a document's strings: a pointer bump, not a malloc.
    // `key_end`: how far past key.data() bytes may be read (at least its end).
    void add(std::string_view key, const char* key_end, Value&& value) {
        ::new (static_cast<void*>(&open(key, key_end))) Value(std::move(value));
    }
    // Inline: it runs once per member, and a call costs a tenth of its work.
    [[gnu::always_inline]] Value& open(std::string_view key, const char* key_end) {
        // Two null Values, the key then built over the first in place (no temporary to destroy).
        Member& m = members_.emplace();
        value_detail::ValueAccess::construct_string(&m.name, key.data(), key.size(), key_end);
        return m.value;
    }

private:
    InlineRun<Member> members_;
};

// The same for an array's items: built in place on the stack, handed to one exactly-sized Value.
class ItemBuilder {
public:
    // An item (null) that the caller builds in place.
    Value& open() { return items_.emplace(); }

    // The array; the builder is empty afterwards.
    Value finish() {
        Value out = value_detail::ValueAccess::adopt_array(items_.data(), items_.size());
        items_.release();
        return out;
    }

private:
    InlineRun<Value> items_;
};

} // namespace laminate::schema_detail
