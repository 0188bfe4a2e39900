#pragma once
// Storage for the compact blocks of compiled schemas (hot.hpp), packed side by side.
//
// A program that shapes tool calls against many schemas meets each block once in a while, cold.
// Allocated one by one among the rest of a schema's compile-time allocations, the BFCL workload's
// 3,290 blocks (383 bytes on average) lay 4.3 KB apart, every one on a page and lines of its own;
// packed into shared chunks they take a quarter of the lines and a tenth of the pages, and
// BFCL's shape_json sweep ran 15-25% faster beside simdjson (paired sweeps, bench/paired.hpp).

#include <cstddef>

namespace laminate::schema_detail {

// `size` zero-filled bytes, 64-byte aligned (a block's first lines are its header and first
// entries). Throws std::bad_alloc.
std::byte* acquire_hot_block(std::size_t size);

// Gives back a block acquire_hot_block(size) returned, from any thread. A chunk is freed with its
// last block, so a long-lived schema keeps the chunk it shares with others (at most 64 KiB).
void release_hot_block(std::byte* block, std::size_t size) noexcept;

} // namespace laminate::schema_detail
