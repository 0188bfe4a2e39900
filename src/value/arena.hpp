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
#include <cstdint>

namespace laminate::detail {

inline constexpr std::size_t kArenaMaxBlock = 4096; // larger blocks come from operator new

// Where this thread's current chunk hands out its next block. Constant-initialized and trivially
// destructible, so that the inline fast path below reaches it without a TLS wrapper call; the
// chunk itself and its retirement at thread exit live in arena.cpp.
struct ArenaCursor {
    char* next = nullptr;
    char* limit = nullptr;
    std::int64_t handed = 0; // blocks handed out from the current chunk
};
extern constinit thread_local ArenaCursor arena_cursor;

// A new or recycled chunk, then n bytes from it (n already rounded up to 8).
void* arena_allocate_slow(std::size_t n);

// n bytes (0 < n <= kArenaMaxBlock), 8-byte aligned, from this thread's current chunk. Throws
// std::bad_alloc like operator new. Inline: one per container and long string the parser builds.
inline void* arena_allocate(std::size_t n) {
    n = (n + 7) & ~std::size_t{7};
    ArenaCursor& c = arena_cursor;
    if (static_cast<std::size_t>(c.limit - c.next) < n) [[unlikely]]
        return arena_allocate_slow(n);
    void* p = c.next;
    c.next += n;
    ++c.handed;
    return p;
}
// Releases a block from arena_allocate (any thread). p is never null.
void arena_release(void* p) noexcept;

} // namespace laminate::detail
