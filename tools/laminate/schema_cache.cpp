#include "schema_cache.hpp"

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

// The key's hash, from its length and up to 192 of its bytes (start, middle, end): schemas are
// a few hundred bytes to many kilobytes, and every hit compares the whole text anyway.
std::uint64_t key_hash(std::string_view text) {
    if (text.size() <= 192) return std::hash<std::string_view>{}(text);
    char sample[192];
    std::memcpy(sample, text.data(), 64);
    std::memcpy(sample + 64, text.data() + text.size() / 2 - 32, 64);
    std::memcpy(sample + 128, text.data() + text.size() - 64, 64);
    return std::hash<std::string_view>{}(std::string_view(sample, sizeof sample)) ^ (text.size() * 0x9E3779B97F4A7C15ull);
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

SchemaCache::Slot* SchemaCache::find_slot(std::string_view text, std::uint64_t hash) {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        Slot& s = slots_[i];
        if (!s.entry) return &s; // the empty slot where it would go
        if (s.hash == hash && s.entry->text == text) return &s;
    }
}

void SchemaCache::erase_slot(Slot* slot) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t hole = static_cast<std::size_t>(slot - slots_.data());
    slots_[hole] = {};
    for (std::size_t i = (hole + 1) & mask; slots_[i].entry; i = (i + 1) & mask) {
        const std::size_t home = slots_[i].hash & mask;
        // Move the entry back into the hole when its home is not between the hole and it.
        if (((i - home) & mask) >= ((i - hole) & mask)) {
            slots_[hole] = slots_[i];
            slots_[i] = {};
            hole = i;
        }
    }
}

bool SchemaCache::contains(std::string_view text) {
    const std::uint64_t hash = key_hash(text);
    Slot* slot = find_slot(text, hash);
    if (!slot || !slot->entry) return false;
    last_ = {text, *slot};
    return true;
}

Result<Schema> SchemaCache::get(const Value& schema, std::string_view text) {
    std::string rendered;
    if (text.empty()) {
        rendered = schema.dump();
        text = rendered;
    }
    Slot hit;
    if (last_.text.data() == text.data() && last_.text.size() == text.size()) {
        hit = last_.slot; // asked by contains() just before, for this very text
    } else {
        const std::uint64_t hash = key_hash(text);
        if (Slot* slot = find_slot(text, hash); slot && slot->entry) hit = *slot;
    }
    last_ = {};
    if (hit.entry) {
        hit.entry->used = ++clock_; // now the most recently used
        return hit.entry->schema;
    }
    auto compiled = Schema::compile(schema, options_);
    if (!compiled || max_entries_ == 0 || text.size() > max_bytes_) return compiled;
    while (!entries_.empty() && (entries_.size() >= max_entries_ || bytes_ + text.size() > max_bytes_)) {
        // The least recently used goes: a scan, but only when a schema is compiled, which
        // costs far more.
        auto old = std::min_element(entries_.begin(), entries_.end(),
                                    [](const Entry& a, const Entry& b) { return a.used < b.used; });
        bytes_ -= old->text.size();
        erase_slot(find_slot(old->text, old->hash));
        entries_.erase(old);
    }
    const std::uint64_t hash = key_hash(text);
    entries_.push_front(Entry{std::string(text), hash, ++clock_, *compiled});
    bytes_ += text.size();
    *find_slot(text, hash) = {hash, &entries_.front(), entries_.begin()};
    return compiled;
}

} // namespace laminate::cli
