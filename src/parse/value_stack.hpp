#pragma once
// The parser's stack of finished values. A container's elements sit on it until the container
// closes, then move into the container in one allocation (ValueAccess::adopt_array/adopt_object).
// Values are trivially relocatable (see value/value_access.hpp): growing the stack is a memcpy,
// and a run handed to a container is forgotten, not destroyed.

#include <laminate/value.hpp>

#include "value/value_access.hpp"

#include <cstddef>
#include <cstring>
#include <new>
#include <utility>

namespace laminate::parse_detail {

class ValueStack {
public:
    ValueStack() = default;
    ValueStack(const ValueStack&) = delete;
    ValueStack& operator=(const ValueStack&) = delete;
    ~ValueStack() {
        truncate(0);
        ::operator delete(data_);
    }

    std::size_t size() const noexcept { return size_; }
    std::size_t capacity() const noexcept { return cap_; }
    Value* data() noexcept { return data_; }
    Value& operator[](std::size_t i) noexcept { return data_[i]; }
    const Value& operator[](std::size_t i) const noexcept { return data_[i]; }
    Value& top() noexcept { return data_[size_ - 1]; }
    const Value& top() const noexcept { return data_[size_ - 1]; }

    // The arguments must not refer to an element of this stack (growing would move it).
    template <class... Args> Value& emplace(Args&&... args) {
        if (size_ == cap_) grow();
        Value* v = ::new (static_cast<void*>(data_ + size_)) Value(std::forward<Args>(args)...);
        ++size_;
        return *v;
    }

    // A string value of [s, s + n); bytes up to readable_end may be read (see construct_string).
    Value& emplace_string(const char* s, std::size_t n, const char* readable_end) {
        if (size_ == cap_) grow();
        Value* v = value_detail::ValueAccess::construct_string(data_ + size_, s, n, readable_end);
        ++size_;
        return *v;
    }

    void pop() noexcept { data_[--size_].~Value(); }
    void truncate(std::size_t n) noexcept {
        while (size_ > n)
            pop();
    }
    // The top n values were adopted by a container, which now owns what they owned.
    void forget(std::size_t n) noexcept { size_ -= n; }

    // Removes [i, i + n) and closes the gap (destroying the removed values).
    void erase(std::size_t i, std::size_t n) noexcept {
        for (std::size_t k = i; k < i + n; ++k)
            data_[k].~Value();
        std::memmove(static_cast<void*>(data_ + i), static_cast<const void*>(data_ + i + n),
                     (size_ - i - n) * sizeof(Value));
        size_ -= n;
    }

    // Gives back memory after an unusually large document (the stack is reused across parses).
    void shrink_if_above(std::size_t max_capacity) noexcept {
        if (cap_ <= max_capacity || size_ != 0) return;
        ::operator delete(data_);
        data_ = nullptr;
        cap_ = 0;
    }

private:
    void grow() {
        const std::size_t cap = cap_ ? cap_ * 2 : 64;
        auto* block = static_cast<Value*>(::operator new(cap * sizeof(Value)));
        if (size_)
            std::memcpy(static_cast<void*>(block), static_cast<const void*>(data_),
                        size_ * sizeof(Value));
        ::operator delete(data_);
        data_ = block;
        cap_ = cap;
    }

    Value* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t cap_ = 0;
};

} // namespace laminate::parse_detail
