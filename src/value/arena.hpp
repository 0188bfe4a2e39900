#pragma once
// Blocks for the values the parser builds: bump-allocated from 64 KiB chunks, so that building a
// document costs a pointer increment a container or long string instead of a malloc, and freeing
// one costs an increment of a thread-local count (or, from another thread or once the chunk is no
// longer its thread's current one, one atomic decrement) instead of a free.
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
inline constexpr std::size_t kArenaChunkSize = std::size_t(64) << 10; // chunks are aligned to their size

// Where this thread's current chunk hands out its next block. Constant-initialized and trivially
// destructible, so that the inline fast path below reaches it without a TLS wrapper call; the
// chunk itself and its retirement at thread exit live in arena.cpp.
struct ArenaCursor {
    char* next = nullptr;
    char* limit = nullptr;
    std::int64_t handed = 0; // blocks handed out from the current chunk
    // The current chunk, and how many of its blocks this thread gave back: counted here, not in
    // the chunk's atomic count, because a locked decrement waits for every store before it (the
    // whole document just built) and cost W1 parsing about 5% of its time. Folded into the
    // atomic count when the chunk is retired (arena.cpp).
    char* chunk = nullptr;
    std::int64_t released = 0;
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
// A block of a chunk that is not this thread's current one (another thread's, or retired).
void arena_release_shared(void* p) noexcept;

// Releases a block from arena_allocate (any thread). p is never null. Inline: one per container
// and long string of every value freed.
inline void arena_release(void* p) noexcept {
    ArenaCursor& c = arena_cursor;
    if ((reinterpret_cast<std::uintptr_t>(p) & ~(kArenaChunkSize - 1)) == reinterpret_cast<std::uintptr_t>(c.chunk)) {
        ++c.released;
        return;
    }
    arena_release_shared(p);
}

} // namespace laminate::detail
