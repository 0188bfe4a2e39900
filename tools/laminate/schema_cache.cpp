#include "schema_cache.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cstring>

namespace laminate::cli {

namespace {

// Past the JSON string starting at line[i] (a quote); line is valid JSON, so it is closed.
// Quotes are found with memchr: descriptions make up most of a schema's bytes.
std::size_t skip_string(std::string_view line, std::size_t i) {
    for (++i; i < line.size();) {
        const void* q = std::memchr(line.data() + i, '"', line.size() - i);
        if (!q) return line.size();
        const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(q) - line.data());
        std::size_t slashes = 0;
        while (at - slashes > i && line[at - slashes - 1] == '\\') ++slashes;
        if (slashes % 2 == 0) return at + 1;
        i = at + 1;
    }
    return line.size();
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

} // namespace

std::string_view raw_member(std::string_view line, std::string_view key) {
    std::size_t i = 0;
    while (i < line.size() && space(line[i])) ++i;
    if (i == line.size() || line[i] != '{') return {};
    ++i;
    std::string_view found;
    int depth = 1; // of the scan position: members of the line's object are at depth 1
    bool expect_key = true;
    while (i < line.size() && depth > 0) {
        const char c = line[i];
        if (c == '"') {
            const std::size_t end = skip_string(line, i);
            if (depth == 1 && expect_key) {
                const std::string_view k = line.substr(i + 1, end - i - 2);
                i = end;
                while (i < line.size() && (space(line[i]) || line[i] == ':')) ++i;
                expect_key = false;
                const std::size_t value_start = i;
                if (k.find('\\') != std::string_view::npos) return {};
                if (k != key) continue;
                if (!found.empty()) return {}; // a duplicate: which one counts is the parser's call
                // The value runs to the ',' or '}' that ends this member at depth 1.
                int d = 0;
                std::size_t j = value_start;
                for (; j < line.size(); ++j) {
                    const char v = line[j];
                    if (v == '"') { j = skip_string(line, j) - 1; continue; }
                    if (v == '{' || v == '[') ++d;
                    else if (v == '}' || v == ']') { if (d == 0) break; --d; }
                    else if (v == ',' && d == 0) break;
                }
                std::size_t end_value = j;
                while (end_value > value_start && space(line[end_value - 1])) --end_value;
                found = line.substr(value_start, end_value - value_start);
                i = j;
                continue;
            }
            i = end;
            continue;
        }
        if (c == '{' || c == '[') ++depth;
        else if (c == '}' || c == ']') --depth;
        else if (c == ',' && depth == 1) expect_key = true;
        ++i;
    }
    return found;
}

std::string_view member_tail(std::string_view line, std::string_view key) {
    // The scan of raw_member up to the key; the value is then taken to the end of the line.
    std::size_t i = 0;
    while (i < line.size() && space(line[i])) ++i;
    if (i == line.size() || line[i] != '{') return {};
    ++i;
    int depth = 1;
    bool expect_key = true;
    while (i < line.size() && depth > 0) {
        const char c = line[i];
        if (c == '"') {
            const std::size_t end = skip_string(line, i);
            if (depth == 1 && expect_key) {
                const std::string_view k = line.substr(i + 1, end - i - 2);
                i = end;
                while (i < line.size() && (space(line[i]) || line[i] == ':')) ++i;
                expect_key = false;
                if (k != key) continue;
                std::size_t last = line.size();
                while (last > i && space(line[last - 1])) --last;
                if (last == i || line[last - 1] != '}') return {};
                --last;
                while (last > i && space(line[last - 1])) --last;
                return line.substr(i, last - i);
            }
            i = end;
            continue;
        }
        if (c == '{' || c == '[') ++depth;
        else if (c == '}' || c == ']') --depth;
        else if (c == ',' && depth == 1) expect_key = true;
        ++i;
    }
    return {};
}

SchemaCache::SchemaCache(SchemaCompileOptions options, std::size_t max_entries, std::size_t max_bytes)
    : options_(options), max_entries_(max_entries), max_bytes_(max_bytes) {
    std::size_t n = 16;
    while (n < 2 * max_entries_) n *= 2;
    slots_.resize(max_entries_ == 0 ? 0 : n);
}

SchemaCache::Key SchemaCache::key_of(std::string_view text) noexcept {
    const XXH128_hash_t h = XXH3_128bits(text.data(), text.size());
    return Key{h.low64, h.high64, text.size()};
}

SchemaCache::Slot* SchemaCache::find_slot(const Key& key) {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = key.low & mask;; i = (i + 1) & mask) {
        Slot& s = slots_[i];
        if (!s.schema || s.key == key) return &s; // an empty slot is where it would go
    }
}

void SchemaCache::erase_slot(Slot* slot) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t hole = static_cast<std::size_t>(slot - slots_.data());
    slots_[hole] = {};
    for (std::size_t i = (hole + 1) & mask; slots_[i].schema; i = (i + 1) & mask) {
        const std::size_t home = slots_[i].key.low & mask;
        // Move the entry back into the hole when its home is not between the hole and it.
        if (((i - home) & mask) >= ((i - hole) & mask)) {
            slots_[hole] = std::move(slots_[i]);
            slots_[i] = {};
            hole = i;
        }
    }
}

void SchemaCache::evict_oldest() {
    // A scan of the slots, but only when a schema is compiled, which costs far more.
    Slot* oldest = nullptr;
    for (Slot& s : slots_)
        if (s.schema && (!oldest || s.used < oldest->used)) oldest = &s;
    bytes_ -= oldest->key.size;
    --count_;
    erase_slot(oldest);
}

bool SchemaCache::contains(std::string_view text) {
    last_ = {};
    if (text.size() > max_bytes_) return false; // never kept
    Slot* slot = find_slot(key_of(text));
    if (!slot || !slot->schema) return false;
    last_ = {text, slot};
    return true;
}

const Schema* SchemaCache::known(std::string_view text) {
    Slot* slot = last_.text.data() == text.data() && last_.text.size() == text.size() ? last_.slot : nullptr;
    last_ = {};
    if (!slot) return nullptr;
    slot->used = ++clock_; // now the most recently used
    return &*slot->schema;
}

Result<const Schema*> SchemaCache::get(Value schema, std::string_view text) {
    std::string rendered;
    if (text.empty()) {
        rendered = schema.dump();
        text = rendered;
    }
    if (const Schema* hit = known(text)) return hit; // asked by contains() just before
    const Key key = key_of(text);
    Slot* slot = text.size() > max_bytes_ ? nullptr : find_slot(key);
    if (slot && slot->schema) {
        slot->used = ++clock_;
        return &*slot->schema;
    }
    auto compiled = Schema::compile(std::move(schema), options_);
    if (!compiled) return std::move(compiled).error();
    if (!slot) { // nothing is kept (or the text is over the bound)
        uncached_ = std::move(*compiled);
        return &*uncached_;
    }
    bool moved = false;
    while (count_ > 0 && (count_ >= max_entries_ || bytes_ + text.size() > max_bytes_)) {
        evict_oldest();
        moved = true;
    }
    if (moved) slot = find_slot(key); // removal shifts slots back
    *slot = Slot{key, ++clock_, std::move(*compiled)};
    bytes_ += text.size();
    ++count_;
    return &*slot->schema;
}

} // namespace laminate::cli
