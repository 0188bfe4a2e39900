#include "arena.hpp"

#include <atomic>
#include <cstdint>
#include <new>

namespace laminate::value_detail {

namespace {

constexpr std::size_t kChunkSize = kArenaChunkSize;
// Chunks are aligned to their size, so a block finds its chunk's header by masking its address.
constexpr std::align_val_t kChunkAlign{kChunkSize};
// The owning thread hands out blocks without touching the shared count: the count starts at this
// bias, each release by another thread (or after retirement) subtracts one, and retiring the chunk
// subtracts (bias - blocks handed out + blocks its owner released meanwhile, ArenaCursor::released).
// The count reaches zero exactly once, when every block was released and the chunk retired.
constexpr std::int64_t kBias = std::int64_t(1) << 62;

struct alignas(64) ChunkHeader {
    std::atomic<std::int64_t> count;
};
constexpr std::size_t kHeaderSize = sizeof(ChunkHeader);

ChunkHeader* chunk_of(void* p) noexcept {
    return reinterpret_cast<ChunkHeader*>(reinterpret_cast<std::uintptr_t>(p) & ~(kChunkSize - 1));
}

void free_chunk(ChunkHeader* chunk) noexcept {
    chunk->~ChunkHeader();
    ::operator delete(static_cast<void*>(chunk), kChunkAlign);
}

// The current chunk of this thread; arena_cursor says where in it the next block starts. Touched
// by every refill (the first allocation of a thread is one), so its destructor is registered
// before any block is handed out.
struct ThreadArena {
    ChunkHeader* chunk = nullptr;

    ~ThreadArena() { retire(); }

    void retire() noexcept {
        if (!chunk) return;
        ArenaCursor& c = arena_cursor;
        const std::int64_t give_up = kBias - c.handed + c.released;
        c.chunk = nullptr; // from now on its blocks are released through the shared count
        if (chunk->count.fetch_sub(give_up, std::memory_order_acq_rel) == give_up) free_chunk(chunk);
        chunk = nullptr;
        c.next = c.limit = nullptr;
        c.handed = c.released = 0;
    }

    void refill() {
        ArenaCursor& c = arena_cursor;
        // Every block of the current chunk already came back (the usual case when documents are
        // parsed and dropped one after another): start it over, while it is still in cache.
        // No other thread can touch the count then, since no block of this chunk is alive.
        if (chunk && chunk->count.load(std::memory_order_acquire) == kBias - c.handed + c.released) {
            chunk->count.store(kBias, std::memory_order_relaxed);
            c.handed = c.released = 0;
            c.next = reinterpret_cast<char*>(chunk) + kHeaderSize;
            return;
        }
        retire();
        void* memory = ::operator new(kChunkSize, kChunkAlign);
        chunk = ::new (memory) ChunkHeader{kBias};
        c.chunk = static_cast<char*>(memory);
        c.next = static_cast<char*>(memory) + kHeaderSize;
        c.limit = static_cast<char*>(memory) + kChunkSize;
    }
};

thread_local ThreadArena arena;

} // namespace

constinit thread_local ArenaCursor arena_cursor;

void* arena_allocate_slow(std::size_t n) {
    arena.refill();
    ArenaCursor& c = arena_cursor;
    void* p = c.next;
    c.next += n;
    ++c.handed;
    return p;
}

void arena_release_shared(void* p, std::int64_t n) noexcept {
    ChunkHeader* chunk = chunk_of(p);
    if (chunk->count.fetch_sub(n, std::memory_order_acq_rel) == n) free_chunk(chunk);
}

} // namespace laminate::value_detail
