// Differential test against a strict parser (nlohmann/json): documents from a seeded generator
// (deterministic on every platform: its own PRNG, no <random> distributions), then mutations of
// them (quotes dropped, doubled or inserted, closers added or dropped, commas dropped, prose
// around, stray words between members). Properties:
// (a) strictly valid JSON reads exactly as the strict parser reads it, with no diagnostics;
// (b) a repaired reading never drops or invents an object member without a Warning or Risky
//     diagnostic: where the mutation should not change the members (a quote inside a string's
//     text, a missing comma, an opening quote doubled, stray words), the repaired reading
//     has exactly the original members or is an error; otherwise any change in the members comes
//     with a Warning or Risky diagnostic.

#include "parse_support.hpp"

#include <laminate/nlohmann.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace laminate {
namespace {

class Rng {
public:
    explicit Rng(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next() { // splitmix64
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
    bool chance(unsigned percent) { return below(100) < percent; }

private:
    std::uint64_t s_;
};

const char* const kWords[] = {"alpha", "beta", "city", "Paris", "x", "total", "name", "días",
                              "日本", "ok", "value", "note", "id", "quick", "fox"};

std::string word(Rng& r) { return kWords[r.below(std::size(kWords))]; }

// String content: words and spaces, sometimes JSON escapes and punctuation.
std::string string_text(Rng& r) {
    std::string s;
    const std::size_t n = r.below(4);
    for (std::size_t i = 0; i < n; ++i) {
        if (i) s += ' ';
        s += word(r);
        switch (r.below(12)) {
        case 0: s += "\\n"; break;
        case 1: s += "\\\"x\\\""; break;
        case 2: s += "\\u00e9"; break;
        case 3: s += "!"; break;
        case 4: s += "\\\\"; break;
        case 5: s += " [1]"; break;
        default: break;
        }
    }
    return s;
}

std::string number(Rng& r) {
    switch (r.below(5)) {
    case 0: return std::to_string(r.below(1000));
    case 1: return std::string("-").append(std::to_string(1 + r.below(100)));
    case 2:
        return std::to_string(r.below(100)).append(".").append(std::to_string(1 + r.below(99)));
    case 3: return std::string("1e").append(std::to_string(r.below(10)));
    default: return "0";
    }
}

void value(Rng& r, std::string& out, int depth);

void object(Rng& r, std::string& out, int depth) {
    out += '{';
    const std::size_t n = r.below(depth > 2 ? 2 : 5);
    std::set<std::string> used;
    const char* sep = r.chance(50) ? ", " : ",";
    for (std::size_t i = 0; i < n; ++i) {
        std::string key = word(r);
        key += std::to_string(i);
        if (!used.insert(key).second) continue;
        if (i) out += sep;
        out += '"';
        out += key;
        out += "\":";
        if (r.chance(50)) out += ' ';
        value(r, out, depth + 1);
    }
    out += '}';
}

void array(Rng& r, std::string& out, int depth) {
    out += '[';
    const std::size_t n = r.below(depth > 2 ? 2 : 4);
    for (std::size_t i = 0; i < n; ++i) {
        if (i) out += r.chance(50) ? ", " : ",";
        value(r, out, depth + 1);
    }
    out += ']';
}

void value(Rng& r, std::string& out, int depth) {
    switch (r.below(depth > 3 ? 4 : 7)) {
    case 0:
        out += '"';
        out += string_text(r);
        out += '"';
        break;
    case 1: out += number(r); break;
    case 2: out += r.chance(50) ? "true" : (r.chance(50) ? "false" : "null"); break;
    case 3:
        out += '"';
        out += word(r);
        out += '"';
        break;
    case 4:
    case 5: object(r, out, depth); break;
    default: array(r, out, depth); break;
    }
}

std::string document(Rng& r) {
    std::string out;
    if (r.chance(70))
        object(r, out, 0);
    else
        array(r, out, 0);
    if (r.chance(20)) {
        out.insert(0, "  \n");
        out += '\n';
    }
    return out;
}

// Every object member as "path/key" (the path of its object), to compare readings by members.
void members_of(const Value& v, const std::string& path, std::multiset<std::string>& out) {
    if (v.is_object()) {
        for (const auto& m : v.members()) {
            std::string p = path;
            p += '/';
            p += m.key();
            out.insert(p);
            members_of(m.value, p, out);
        }
    } else if (v.is_array()) {
        std::size_t i = 0;
        for (const auto& e : v.items()) {
            std::string p = path;
            p += '[';
            p += std::to_string(i++);
            p += ']';
            members_of(e, p, out);
        }
    }
}

std::multiset<std::string> members_of(const Value& v) {
    std::multiset<std::string> out;
    members_of(v, "", out);
    return out;
}

bool warned(const Diagnostics& ds) { return max_risk(ds) >= Risk::Warning; }

bool strictly_valid(const std::string& text) {
    return nlohmann::json::accept(text);
}

// Byte offsets of the string values' text (between two letters) and of structural bytes.
struct Places {
    std::vector<std::size_t> inside_words; // between two ASCII letters inside a string value
    std::vector<std::size_t> value_opening_quotes;
    std::vector<std::size_t> value_closing_quotes;
    std::vector<std::size_t> member_commas; // commas between members of an object
    std::vector<std::size_t> inner_closers; // '}' or ']' of a container nested in an object
    std::vector<std::size_t> closers;
};

Places places(const std::string& t) {
    Places p;
    std::vector<char> stack; // open containers
    bool in_string = false, key = false;
    std::size_t open = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (in_string) {
            if (c == '\\') {
                ++i;
                continue;
            }
            if (c == '"') {
                in_string = false;
                if (!key) {
                    p.value_opening_quotes.push_back(open);
                    p.value_closing_quotes.push_back(i);
                }
                continue;
            }
            if (!key && i > open + 1 && std::isalpha(static_cast<unsigned char>(c)) &&
                std::isalpha(static_cast<unsigned char>(t[i - 1])) && t[i - 1] != 'u')
                p.inside_words.push_back(i);
            continue;
        }
        switch (c) {
        case '"': {
            in_string = true;
            open = i;
            // A key: inside an object, after '{' or ','.
            std::size_t k = i;
            while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\n')) --k;
            key = !stack.empty() && stack.back() == '{' && k > 0 && (t[k - 1] == '{' || t[k - 1] == ',');
            break;
        }
        case '{':
        case '[': stack.push_back(c); break;
        case '}':
        case ']':
            stack.pop_back();
            p.closers.push_back(i);
            if (!stack.empty() && stack.back() == '{') p.inner_closers.push_back(i);
            break;
        case ',':
            if (!stack.empty() && stack.back() == '{') p.member_commas.push_back(i);
            break;
        default: break;
        }
    }
    return p;
}

enum class Mutation {
    QuoteInText,         // "qu"ick": a quote inside a value's text          (members kept)
    DropComma,           // {"a": 1 "b": 2}                                  (members kept)
    ExtraInnerCloser,    // {"a": {"x": 1}}, "b": 2}                         (members kept)
    DoubleOpeningQuote,  // {"a": ""x"}                                      (members kept)
    DropClosingQuote,    // {"a": "x, "b": 2}
    DropCloser,          // {"a": {"x": 1, "b": 2}
    DuplicateCloser,     // ]] or }}
    ProseAround,         // Here it is: {...} Hope it helps.
    DropOpeningQuote,    // {"a": x", "b": 2}
    Truncate,            // cut anywhere
    StrayWords,          // {"a": 1, NOTE "b": 2}                            (members kept)
};
constexpr int kMutations = 11;

bool keeps_members(Mutation m) {
    // ExtraInnerCloser is not listed: a closer too many inside an object nested in an array
    // closes that object early ("added closer", a Warning), which changes its members.
    return m == Mutation::QuoteInText || m == Mutation::DropComma ||
           m == Mutation::DoubleOpeningQuote || m == Mutation::StrayWords;
}

template <class T> std::size_t pick(Rng& r, const std::vector<T>& v) { return v[r.below(v.size())]; }

// The mutated text, or "" when the document has no place for this mutation.
std::string mutate(Rng& r, const std::string& t, Mutation m) {
    const Places p = places(t);
    std::string out = t;
    switch (m) {
    case Mutation::QuoteInText:
        if (p.inside_words.empty()) return {};
        out.insert(pick(r, p.inside_words), "\"");
        return out;
    case Mutation::DropComma:
        if (p.member_commas.empty()) return {};
        out.erase(pick(r, p.member_commas), 1);
        return out;
    case Mutation::ExtraInnerCloser: {
        if (p.inner_closers.empty()) return {};
        const std::size_t at = pick(r, p.inner_closers);
        out.insert(at, 1, t[at]);
        return out;
    }
    case Mutation::DoubleOpeningQuote:
        if (p.value_opening_quotes.empty()) return {};
        out.insert(pick(r, p.value_opening_quotes), "\"");
        return out;
    case Mutation::DropClosingQuote:
        if (p.value_closing_quotes.empty()) return {};
        out.erase(pick(r, p.value_closing_quotes), 1);
        return out;
    case Mutation::DropCloser:
        if (p.closers.empty()) return {};
        out.erase(pick(r, p.closers), 1);
        return out;
    case Mutation::DuplicateCloser: {
        if (p.closers.empty()) return {};
        const std::size_t at = pick(r, p.closers);
        out.insert(at, 1, t[at]);
        return out;
    }
    case Mutation::ProseAround:
        out.insert(0, "Here it is, as asked:\n");
        out += "\nHope it helps.";
        return out;
    case Mutation::DropOpeningQuote:
        if (p.value_opening_quotes.empty()) return {};
        out.erase(pick(r, p.value_opening_quotes), 1);
        return out;
    case Mutation::Truncate:
        if (t.size() < 2) return {};
        return t.substr(0, 1 + r.below(t.size() - 1));
    case Mutation::StrayWords:
        if (p.member_commas.empty()) return {};
        out.insert(pick(r, p.member_commas) + 1, r.chance(50) ? " NOTE" : " see below");
        return out;
    }
    return {};
}

constexpr int kDocuments = 3000;

TEST(ParseDifferential, ValidDocumentsReadAsTheStrictParserReadsThem) {
    Rng r(20261206);
    for (int i = 0; i < kDocuments; ++i) {
        const std::string text = document(r);
        ASSERT_TRUE(strictly_valid(text)) << "the generator wrote invalid JSON: " << text;
        auto parsed = parse(text);
        ASSERT_TRUE(parsed) << text << ": " << parsed.error();
        EXPECT_TRUE(parsed->diagnostics.empty()) << text << test::describe(parsed->diagnostics);
        EXPECT_EQ(to_nlohmann(parsed->value), nlohmann::json::parse(text)) << text;
        auto strict = parse_json(text);
        ASSERT_TRUE(strict) << text << ": " << strict.error();
        EXPECT_EQ(*strict, parsed->value) << text;
    }
}

TEST(ParseDifferential, RepairsNeverChangeMembersSilently) {
    Rng r(7);
    int checked = 0, kept = 0;
    for (int i = 0; i < kDocuments; ++i) {
        const std::string original = document(r);
        const auto expected = members_of(*parse_json(original));
        for (int k = 0; k < kMutations; ++k) {
            const auto m = static_cast<Mutation>(k);
            const std::string text = mutate(r, original, m);
            if (text.empty()) continue;
            std::string trace = "mutation ";
            trace += std::to_string(k);
            trace += ": ";
            trace += text;
            trace += "\n  from: ";
            trace += original;
            SCOPED_TRACE(trace);
            if (strictly_valid(text)) {
                auto parsed = parse(text);
                ASSERT_TRUE(parsed) << parsed.error();
                EXPECT_TRUE(parsed->diagnostics.empty()) << test::describe(parsed->diagnostics);
                EXPECT_EQ(to_nlohmann(parsed->value), nlohmann::json::parse(text));
                continue;
            }
            for (const bool complete : {false, true}) {
                ParseOptions options;
                options.complete_truncated = complete;
                auto parsed = parse(text, options);
                if (!parsed) continue; // an error is always an acceptable answer
                ++checked;
                EXPECT_TRUE(warned(parsed->diagnostics))
                    << "a repaired reading without a Warning: " << parsed->value.dump()
                    << test::describe(parsed->diagnostics);
                const auto got = members_of(parsed->value);
                if (keeps_members(m)) {
                    EXPECT_EQ(got, expected) << "members changed: " << parsed->value.dump()
                                             << test::describe(parsed->diagnostics);
                    ++kept;
                } else if (got != expected) {
                    EXPECT_TRUE(warned(parsed->diagnostics))
                        << "members changed silently: " << parsed->value.dump();
                }
            }
        }
    }
    // The generator and mutations really exercise the repairs.
    EXPECT_GT(checked, kDocuments);
    EXPECT_GT(kept, kDocuments / 2);
}

} // namespace
} // namespace laminate
