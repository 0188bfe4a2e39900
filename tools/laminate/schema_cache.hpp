#pragma once
// Compiled schemas of `laminate shape --jsonl`, kept by the exact text of a line's "schema"
// member: a batch repeats a few schemas (an agent's tools) or cycles through many (BFCL: 1,681
// distinct parameter schemas in 3,302 calls), and compiling one costs far more than shaping a
// call with it. Least recently used entries go first when either bound is reached (a use
// stamps the entry; the scan for the oldest runs only when a schema is compiled).
//
// A text is known by its length and its 128-bit XXH3 hash, not kept and compared: comparing
// every line's schema with a kept copy read the copy from memory no cache held any more (a
// batch's schemas do not fit), and was the largest cost of a hit. Two different texts of the
// same length share a 128-bit hash with a probability near 2^-128 per pair: a batch of a
// million distinct schemas would meet one about once in 10^26 runs.

#include <laminate/schema.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::cli {

// The raw text of the top-level member `key` of a JSON object line that is already known to be
// valid JSON, or an empty view when the line has no such member,
// has it twice, or spells a key with escapes (the caller then keys on the parsed value instead).
// On a line that is not valid JSON it returns some view into the line or an empty one, never
// reading past its end.
std::string_view raw_member(std::string_view line, std::string_view key);

// From the start of the value of the top-level member `key` to the end of the line, less the
// object's closing brace and white space: that member's raw text when it is the last one (the
// usual {"text": ..., "schema": {...}}), found without scanning the value. Only a candidate:
// right when it equals a text known to be one whole JSON value.
std::string_view member_tail(std::string_view line, std::string_view key);

class SchemaCache {
public:
    // max_entries 0: nothing is kept, every line compiles its schema (the uncached path).
    // max_bytes bounds the summed length of the texts whose compiled schemas are kept; a
    // compiled schema takes a few times its text (BFCL: 1,682 schema texts, 0.8 MiB; shape
    // --jsonl peaks about 9 MiB above repair --jsonl).
    SchemaCache(SchemaCompileOptions options, std::size_t max_entries,
                std::size_t max_bytes = std::size_t(16) << 20);

    // The compiled schema for `schema`, whose JSON text is `text` (its raw text in the request
    // line; empty: the value's compact rendering is the key). Compile errors are not kept. The
    // schema pointed to is the cache's: valid until the next get().
    Result<const Schema*> get(Value schema, std::string_view text);

    // Whether a schema with this text is kept (the request loop then need not parse it).
    // A true answer is remembered for the get() or known() of the same text that follows it.
    bool contains(std::string_view text);

    // The schema contains(text) has just found, without the schema's value (valid until the
    // next get() or known()); null when that call did not find this text.
    const Schema* known(std::string_view text);

    std::size_t size() const noexcept { return count_; }

private:
    struct Key {
        std::uint64_t low = 0, high = 0; // XXH3-128 of the text
        std::size_t size = 0;            // the text's length
        friend bool operator==(const Key&, const Key&) = default;
    };
    static Key key_of(std::string_view text) noexcept;
    SchemaCompileOptions options_;
    std::size_t max_entries_;
    std::size_t max_bytes_;
    std::size_t bytes_ = 0;
    std::size_t count_ = 0;
    std::uint64_t clock_ = 0;
    // Open addressing on the key (linear probing, backward-shift removal), the compiled schema
    // kept in the slot itself: a hit reads one slot of a small array (its key, its use stamp and
    // the schema's handle in one cache line) and nothing else. A list of entries beside the slots
    // cost two more cache misses per line when many schemas take turns (the entry, and the
    // shared schema's reference count for the copy handed out).
    struct Slot {
        Key key;
        std::uint64_t used = 0;       // clock_ at the last use
        std::optional<Schema> schema; // empty: an empty slot
    };
    std::vector<Slot> slots_; // a power of two, at least twice max_entries
    Slot* find_slot(const Key& key);
    void erase_slot(Slot* slot);
    void evict_oldest();
    struct {
        std::string_view text;
        Slot* slot = nullptr;
    } last_; // the last contains() hit, until the next call
    std::optional<Schema> uncached_; // what get() returned when nothing is kept
};

} // namespace laminate::cli
