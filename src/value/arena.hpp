#pragma once
// Blocks for the values the parser builds: bump-allocated from 64 KiB chunks, so that building a
// document costs a pointer increment a container or long string instead of a malloc, and freeing
// one costs one atomic decrement instead of a free.
//
// A chunk counts its live blocks and is freed with the last one, whichever thread frees it: a
// block is released individually, so Value keeps its semantics (every Value, even a child moved
// out of a parsed document, is independently movable and destructible). The price is that a
// chunk lives as long as any of its blocks: keeping one small piece of a big document keeps that
// piece's chunk (at most 64 KiB) alive.

#include <cstddef>

namespace laminate::detail {

inline constexpr std::size_t kArenaMaxBlock = 4096; // larger blocks come from operator new

// n bytes (0 < n <= kArenaMaxBlock), 8-byte aligned, from this thread's current chunk. Throws
// std::bad_alloc like operator new.
void* arena_allocate(std::size_t n);
// Releases a block from arena_allocate (any thread). p is never null.
void arena_release(void* p) noexcept;

} // namespace laminate::detail
