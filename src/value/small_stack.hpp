#pragma once
// The explicit stacks that keep copy, dump and == from recursing. Documents are rarely deep,
// so the first levels live in the caller's frame and only deeper ones allocate.

#include <cstddef>
#include <type_traits>
#include <vector>

namespace laminate::value_detail {

template <class T, std::size_t N = 32>
class SmallStack {
    static_assert(std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>);

public:
    bool empty() const noexcept { return size_ == 0; }
    std::size_t size() const noexcept { return size_; }
    T& back() noexcept { return size_ <= N ? local_[size_ - 1] : spill_.back(); }
    // May throw std::bad_alloc beyond N elements; the stack is then unchanged.
    void push(const T& item) {
        if (size_ < N) local_[size_] = item;
        else spill_.push_back(item);
        ++size_;
    }
    void pop() noexcept {
        if (size_ > N) spill_.pop_back();
        --size_;
    }
    // Used as a stack of words: indexing, pushing n copies, dropping back to a size.
    T& operator[](std::size_t i) noexcept { return i < N ? local_[i] : spill_[i - N]; }
    const T& operator[](std::size_t i) const noexcept { return i < N ? local_[i] : spill_[i - N]; }
    void push_n(std::size_t n, const T& item) {
        for (std::size_t k = 0; k < n; ++k) push(item);
    }
    void truncate(std::size_t size) noexcept {
        while (size_ > size) pop();
    }

private:
    // Left uninitialized: every slot is written by push() before it is read, and zero-filling
    // N elements (768 bytes for copy's frames) cost more than copying a small document.
    T local_[N];
    std::vector<T> spill_;
    std::size_t size_ = 0;
};

} // namespace laminate::value_detail
