// Compact schema blocks packed into 64 KiB chunks (hot_block_pool.hpp). Compiling is rare and
// allocates far more than this, so one mutex guards the pool; shaping never touches it.
#include "schema/shape/hot_block_pool.hpp"

#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>

namespace laminate::schema_detail {
namespace {

constexpr std::size_t kLine = 64;
constexpr std::size_t kChunkBytes = std::size_t{64} * 1024;
// Larger blocks get an allocation of their own: a chunk holds at least four.
constexpr std::size_t kPooledMax = kChunkBytes / 4;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPooled = false; // every block its own allocation, so that ASan bounds each one
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kPooled = false;
#else
constexpr bool kPooled = true;
#endif
#else
constexpr bool kPooled = true;
#endif

// A chunk's first line: how many of its blocks are live. Chunks are aligned to their size, so a
// block finds its chunk by masking its address.
struct ChunkHeader {
    std::size_t live = 0;
};
static_assert(sizeof(ChunkHeader) <= kLine);

std::mutex pool_mutex;
std::byte* current = nullptr; // the chunk new blocks are carved from
std::size_t used = 0;         // bytes of it taken, its header's line included

constexpr std::size_t rounded(std::size_t n) { return (n + kLine - 1) & ~(kLine - 1); }
bool pooled(std::size_t size) { return kPooled && rounded(size) <= kPooledMax; }

ChunkHeader& header(std::byte* chunk) { return *std::launder(reinterpret_cast<ChunkHeader*>(chunk)); }
std::byte* chunk_of(std::byte* block) {
    return reinterpret_cast<std::byte*>(reinterpret_cast<std::uintptr_t>(block) & ~(kChunkBytes - 1));
}
void free_chunk(std::byte* chunk) noexcept { ::operator delete(chunk, std::align_val_t{kChunkBytes}); }

} // namespace

std::byte* acquire_hot_block(std::size_t size) {
    const std::size_t need = rounded(size);
    std::byte* block = nullptr;
    if (!pooled(size)) {
        block = static_cast<std::byte*>(::operator new(need, std::align_val_t{kLine}));
    } else {
        std::lock_guard<std::mutex> lock(pool_mutex);
        if (!current || used + need > kChunkBytes) {
            // The full chunk is retired: it has live blocks (an emptied current chunk is carved
            // from its start again, see release), and its last release frees it.
            auto* fresh = static_cast<std::byte*>(::operator new(kChunkBytes, std::align_val_t{kChunkBytes}));
            ::new (static_cast<void*>(fresh)) ChunkHeader{};
            current = fresh;
            used = kLine;
        }
        block = current + used;
        used += need;
        ++header(current).live;
    }
    std::memset(block, 0, size);
    return block;
}

void release_hot_block(std::byte* block, std::size_t size) noexcept {
    if (!block) return;
    if (!pooled(size)) {
        ::operator delete(block, std::align_val_t{kLine});
        return;
    }
    std::byte* chunk = chunk_of(block);
    std::lock_guard<std::mutex> lock(pool_mutex);
    if (--header(chunk).live != 0) return;
    if (chunk == current) used = kLine; // empty again: carve from its start
    else free_chunk(chunk);
}

} // namespace laminate::schema_detail
