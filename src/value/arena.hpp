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
#include <new>

namespace laminate::value_detail {

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
    // whole document just built) and cost parsing small documents about 5% of its time. Folded
    // into the atomic count when the chunk is retired (arena.cpp).
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
// n blocks of a chunk that is not this thread's current one (another thread's, or retired), p
// any of them: one atomic decrement.
void arena_release_shared(void* p, std::int64_t n) noexcept;

// Whether two blocks from arena_allocate lie in the same chunk.
inline bool arena_same_chunk(const void* a, const void* b) noexcept {
    return ((reinterpret_cast<std::uintptr_t>(a) ^ reinterpret_cast<std::uintptr_t>(b)) & ~(kArenaChunkSize - 1)) == 0;
}

// Releases n blocks of one chunk from arena_allocate (any thread; p is any of them, never null).
// Inline: one per container and long string of every value freed (or per run of them).
inline void arena_release(void* p, std::int64_t n = 1) noexcept {
    ArenaCursor& c = arena_cursor;
    if (arena_same_chunk(p, c.chunk))
        c.released += n;
    else
        arena_release_shared(p, n);
}

// Blocks given back by one walk over a tree of values (Value::destroy_container), counted while
// they come from the same chunk and released together: a document bigger than a chunk lives in
// chunks already retired, where each block alone would cost an atomic decrement (a few percent of
// a large document's time). Blocks not from the arena are freed at once. The count is given back on
// destruction, so no chunk goes away before the walk that holds its blocks is done with them.
class ArenaReleaseBatch {
public:
    ArenaReleaseBatch() = default;
    ArenaReleaseBatch(const ArenaReleaseBatch&) = delete;
    ArenaReleaseBatch& operator=(const ArenaReleaseBatch&) = delete;
    ~ArenaReleaseBatch() { flush(); }

    // n arena blocks of one chunk, p any of them.
    void release_many(void* p, std::int64_t n) noexcept {
        if (count_ && arena_same_chunk(p, first_)) {
            count_ += n;
        } else {
            flush();
            first_ = p;
            count_ = n;
        }
    }

    void release(void* p, bool from_arena) noexcept {
        if (!from_arena) {
            ::operator delete(p);
        } else if (count_ && arena_same_chunk(p, first_)) {
            ++count_;
        } else {
            flush();
            first_ = p;
            count_ = 1;
        }
    }

private:
    void flush() noexcept {
        if (count_) arena_release(first_, count_);
    }
    void* first_ = nullptr;
    std::int64_t count_ = 0;
};

} // namespace laminate::value_detail
