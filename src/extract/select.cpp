#include "extract/select.hpp"

#include "core/diagnostic_append.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace laminate::extract_detail {
namespace {

enum class GuessPolicy : unsigned char {
    Allow,     // exact parses have no repairs at all
    Delimited, // whole text, fence, tag: guesses only inside a structure
    Prose,     // balanced span: no guesses
};

// Whether the unquoted string at `offset` in `text` is a member's value of one token that starts
// with '/' ({route: /}, {path: /api/v1}, {re: /a+/g}): a ':' before it, no blank inside it, and a
// delimiter after it. Prose does not write that; where such a string ends is no guess.
bool slash_token_value(std::string_view text, std::size_t offset) noexcept {
    if (offset >= text.size() || text[offset] != '/') return false;
    std::size_t before = offset;
    while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t')) --before;
    if (before == 0 || text[before - 1] != ':') return false;
    const std::string_view rest = text.substr(offset);
    std::string_view token = rest.substr(0, rest.find_first_of(",}]\n\r"));
    while (!token.empty() && (token.back() == ' ' || token.back() == '\t')) token.remove_suffix(1);
    return token.find_first_of(" \t") == std::string_view::npos;
}

bool is_guess(const Diagnostic& d, std::string_view text) noexcept {
    if (d.kind != DiagnosticKind::Repaired) return false;
    if (d.repair == RepairKind::MissingQuote) return true;
    return d.repair == RepairKind::UnquotedString && !slash_token_value(text, d.offset);
}

bool refused(GuessPolicy policy, const Diagnostics& ds, std::string_view text) noexcept {
    if (policy == GuessPolicy::Allow || !guessed_string_boundaries(ds, text)) return false;
    if (policy == GuessPolicy::Prose) return true;
    // Delimited: `{"a": hello}` is fine, but not a guessed root (`note` read as "note") nor
    // guesses stitched into concatenated values (`{"a": 1} let me know` read as two values).
    const bool concatenated = std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Repaired && d.repair == RepairKind::ConcatenatedPayloads;
    });
    const bool guessed_root = std::any_of(ds.begin(), ds.end(), [&](const Diagnostic& d) {
        return is_guess(d, text) && d.path.empty();
    });
    return concatenated || guessed_root;
}

enum class Outcome : unsigned char { Untried, Unparsable, Truncated, Guessed, Filtered };

// Why each candidate was turned down, for an error message that says what happened without
// quoting the text.
class Tally {
public:
    explicit Tally(std::size_t n) : outcomes_(n, Outcome::Untried) {}
    void record(std::size_t index, Outcome o) { outcomes_[index] = o; }
    Outcome outcome(std::size_t index) const { return outcomes_[index]; }

    Error to_error(std::span<const Candidate> candidates) const {
        if (candidates.empty())
            return Error(ErrorKind::NoPayload,
                         "no JSON payload found: no fenced block, payload tag or JSON-like span");
        std::size_t unparsable = 0, truncated = 0, guessed = 0, filtered = 0;
        std::size_t truncated_at = Error::no_offset;
        for (std::size_t k = 0; k < outcomes_.size(); ++k) {
            switch (outcomes_[k]) {
            case Outcome::Truncated:
                ++truncated;
                truncated_at = std::min(truncated_at, candidates[k].offset);
                break;
            case Outcome::Unparsable: ++unparsable; break;
            case Outcome::Guessed: ++guessed; break;
            case Outcome::Filtered: ++filtered; break;
            case Outcome::Untried: break;
            }
        }
        std::string m = "no candidate is an acceptable payload (" +
                        std::to_string(candidates.size()) + " found: ";
        m += std::to_string(unparsable) + " not JSON, ";
        m += std::to_string(truncated) + " truncated, ";
        m += std::to_string(guessed) + " needing guessed strings, ";
        m += std::to_string(filtered) + " rejected by the filter)";
        if (truncated > 0)
            m += "; JSON value is not closed (response truncated?); completing it must be asked for";
        return Error(ErrorKind::NoPayload, std::move(m), truncated_at);
    }

private:
    std::vector<Outcome> outcomes_;
};

// A citation marker in prose, `[4]`: an array of one integer.
bool citation(const Value& v) noexcept { return v.is_array() && v.size() == 1 && v[0].is_integer(); }

bool empty_container(const Value& v) noexcept { return (v.is_array() || v.is_object()) && v.size() == 0; }

// A key as compared for rivalry: lower-cased ASCII, separators (space, '_', '-', '.') dropped.
std::string key_words(std::string_view key) {
    std::string out;
    for (char c : key.substr(0, 128)) {
        if (c == ' ' || c == '_' || c == '-' || c == '.') continue;
        out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c | 0x20) : c;
    }
    return out;
}

// Whether two keys (as key_words gives them) may name the same thing: equal, or one ends with
// the other ("overallsentiment" and "sentiment"), four letters at least.
bool related_keys(std::string_view a, std::string_view b) noexcept {
    if (a.size() < b.size()) std::swap(a, b);
    return a == b || (b.size() >= 4 && a.ends_with(b));
}

// Whether object v may answer the question object `chosen` answers: a key of v, or of the object
// v wraps as its only member ({"result": {...}}), related to one of chosen's. Past 64 keys on
// either side it may (comparing all would cost their product).
bool may_rival(const Value& v, const Value& chosen) {
    const auto keys_of = [](const Value& o, std::vector<std::string>& out) {
        for (const Member& m : o.members()) out.push_back(key_words(m.key()));
    };
    std::vector<std::string> theirs, ours;
    keys_of(v, theirs);
    if (v.size() == 1 && v.members()[0].value.is_object()) keys_of(v.members()[0].value, theirs);
    keys_of(chosen, ours);
    if (theirs.size() > 64 || ours.size() > 64) return true;
    for (const std::string& t : theirs)
        for (const std::string& o : ours)
            if (related_keys(t, o)) return true;
    return false;
}

} // namespace

bool encodes_container(const Value& v) noexcept {
    if (!v.is_string()) return false;
    auto s = v.as_string();
    auto first = s.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && (s[first] == '{' || s[first] == '[');
}

bool guessed_string_boundaries(const Diagnostics& diagnostics, std::string_view text) noexcept {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [&](const Diagnostic& d) { return is_guess(d, text); });
}

std::vector<Extracted> all_objects(std::span<const Candidate> candidates, const ParseOptions& parse_options,
                                   const ParseFunction& parse_fn) {
    std::vector<Extracted> out;
    for (const Candidate& c : candidates) {
        if (c.source == CandidateSource::Whole || c.text.empty() || c.text.front() != '{') continue;
        auto parsed = parse_fn(c.text, parse_options);
        if (!parsed || !parsed->value.is_object()) continue;
        if (refused(c.source == CandidateSource::Balanced ? GuessPolicy::Prose : GuessPolicy::Delimited,
                    parsed->diagnostics, c.text))
            continue;
        for (Diagnostic& d : parsed->diagnostics)
            if (d.offset != Diagnostic::no_offset) d.offset += c.offset;
        out.push_back(Extracted{c, std::move(*parsed)});
    }
    return out;
}

Result<Extracted> select_payload(std::span<const Candidate> candidates,
                                 const ParseOptions& parse_options, const CandidateFilter& accept,
                                 const ParseFunction& parse_fn) {
    // Delimited: the whole text first (it is the outermost reading), then fences and tags in
    // text order. Spans in prose: the largest first (noise such as "[1]" or "[ ]" is small).
    std::vector<std::size_t> delimited, spans;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        if (candidates[k].source == CandidateSource::Balanced) spans.push_back(k);
        else if (candidates[k].source == CandidateSource::Whole) delimited.insert(delimited.begin(), k);
        else delimited.push_back(k);
    }
    std::stable_sort(spans.begin(), spans.end(), [&](std::size_t a, std::size_t b) {
        return candidates[a].text.size() > candidates[b].text.size();
    });

    ParseOptions exact = parse_options;
    exact.repair = false;
    exact.complete_truncated = false;
    const bool lenient = parse_options.repair || parse_options.complete_truncated;

    Tally tally(candidates.size());
    // Candidates the filter refused as a string that holds a JSON container: the repairing pass
    // reads them again (decoded), where others it refused would read the same.
    std::vector<char> encoded_refused(candidates.size(), 0);
    auto attempt = [&](std::size_t k, const ParseOptions& options,
                       GuessPolicy policy) -> std::optional<Extracted> {
        const Candidate& c = candidates[k];
        auto parsed = parse_fn(c.text, options);
        if (!parsed) {
            tally.record(k, parsed.error().kind() == ErrorKind::ValueNotClosed
                                ? Outcome::Truncated
                                : Outcome::Unparsable);
            return std::nullopt;
        }
        if (refused(policy, parsed->diagnostics, c.text)) {
            tally.record(k, Outcome::Guessed);
            return std::nullopt;
        }
        if (accept && !accept(parsed->value)) {
            tally.record(k, Outcome::Filtered);
            if (encodes_container(parsed->value)) encoded_refused[k] = 1;
            return std::nullopt;
        }
        for (Diagnostic& d : parsed->diagnostics)
            if (d.offset != Diagnostic::no_offset) d.offset += c.offset;
        return Extracted{c, std::move(*parsed)};
    };

    // How candidate k reads when it is not the winner, for counting it as a rival: a fence or a
    // tag exactly first (as selection reads it), else with parse_options refusing guesses as
    // selection does; a span with parse_options, refusing guesses. nullopt when it is no payload.
    auto read_other = [&](std::size_t k) -> std::optional<Value> {
        const Candidate& c = candidates[k];
        const bool span = c.source == CandidateSource::Balanced;
        if (!span) {
            auto p = parse_fn(c.text, exact);
            if (p && !(lenient && encodes_container(p->value))) return std::move(p->value);
        }
        if (!span && !lenient) return std::nullopt;
        auto p = parse_fn(c.text, parse_options);
        if (!p || refused(span ? GuessPolicy::Prose : GuessPolicy::Delimited, p->diagnostics, c.text))
            return std::nullopt;
        return std::move(p->value);
    };
    auto overlaps = [](const Candidate& a, const Candidate& b) {
        return a.offset < b.offset + b.text.size() && b.offset < a.offset + a.text.size();
    };

    // The other candidates that read as payloads too: the choice is never made silently. For a
    // fence or a tag, the other fences and tags and then the spans in prose (a span ranks below
    // any fence or tag, but a rival in the prose is no less a rival); for a span, the other spans
    // (every fence and tag was refused before spans were tried).
    auto report_others = [&](Extracted& winner, std::size_t w, const std::vector<std::size_t>& peers,
                             bool spans_tier, bool exact_pass) {
        const Candidate& wc = candidates[w];
        const Value& chosen = winner.parsed.value;
        std::size_t delimited_others = 0, prose_others = 0, first_at = Diagnostic::no_offset;
        // Rivals the filter refused: passed over for the winner, which is not the first payload in
        // the text ("Example: {"n": 0} My answer: {"n": "about 5"}" takes the example). Never silent.
        std::size_t passed_over = 0, first_passed = Diagnostic::no_offset;
        bool filter_called = false;
        // A refused rival counts when it may be another answer to the same question: an object
        // with a key like one of the winner's ({"n": 3} beside {"N": "seven"}, {"sentiment": …}
        // beside {"overall_sentiment": …}), also inside a one-member wrapper ({"result": {…}}),
        // or any other container beside a non-object. {"units": ["C"]} beside {"celsius": 7} is
        // other data, not a rival.
        auto pass_over = [&](std::size_t k, const Value& v) {
            if (v.is_object() && chosen.is_object() && !may_rival(v, chosen)) return;
            ++passed_over;
            first_passed = std::min(first_passed, candidates[k].offset);
        };
        // Fences and tags (not the whole text) that read as payloads: a span inside one is a
        // fragment of it, not a rival of its own.
        std::vector<std::size_t> read_delimited;
        auto count = [&](std::size_t k, const Value& v, bool span) {
            // In prose, `[4]` beside a payload that is no array is a citation more often than a
            // rival, and an empty [] or {} beside a fenced or tagged payload a word of the
            // sentence ("an empty [] means none"). Anything else is a possible answer: ["blue"]
            // after ["red", "green"], [3] after [1, 2], an empty [] (nothing found) in prose
            // beside an example object, which is in prose too.
            if (span ? (citation(v) && !chosen.is_array()) || (empty_container(v) && !spans_tier)
                     : !v.is_object() && !v.is_array() && v.type() != chosen.type())
                return;
            if (accept) {
                filter_called = true;
                if (!accept(v)) {
                    pass_over(k, v);
                    return;
                }
            }
            ++(span ? prose_others : delimited_others);
            first_at = std::min(first_at, candidates[k].offset);
        };
        for (std::size_t k : peers) {
            const Candidate& c = candidates[k];
            if (k == w || c.source == CandidateSource::Whole) continue;
            // Spans tried before the winner were refused with these very options; a fence that
            // read exactly and was refused by the filter would be refused again.
            if (spans_tier ? tally.outcome(k) != Outcome::Untried : tally.outcome(k) == Outcome::Filtered) {
                if (!spans_tier) read_delimited.push_back(k);
                // Read, and refused by the filter only: a payload passed over.
                if (tally.outcome(k) == Outcome::Filtered && !overlaps(c, wc))
                    if (std::optional<Value> v = read_other(k); v && *v != chosen) count(k, *v, spans_tier);
                continue;
            }
            if (overlaps(c, wc)) continue; // inside the winner, or around it: the same payload
            std::optional<Value> v = read_other(k);
            if (!v) continue;
            if (!spans_tier) read_delimited.push_back(k);
            if (*v != chosen) count(k, *v, spans_tier);
        }
        // A span won: every fence and tag was refused first, those the filter refused are payloads
        // passed over ("```json {"n": "many"}``` or maybe {"n": 2}").
        if (spans_tier && accept)
            for (std::size_t k : delimited) {
                const Candidate& c = candidates[k];
                if (c.source == CandidateSource::Whole || tally.outcome(k) != Outcome::Filtered || overlaps(c, wc))
                    continue;
                if (std::optional<Value> v = read_other(k); v && *v != chosen) pass_over(k, *v);
            }
        if (!spans_tier)
            for (std::size_t k : spans) {
                const Candidate& c = candidates[k];
                if (overlaps(c, wc)) continue;
                if (std::any_of(read_delimited.begin(), read_delimited.end(),
                                [&](std::size_t d) { return overlaps(c, candidates[d]); }))
                    continue;
                std::optional<Value> v = read_other(k);
                if (v && *v != chosen) count(k, *v, true);
            }
        // The caller's filter keeps the state of the last candidate it accepted: the winner's.
        if (filter_called) accept(chosen);
        // Candidates the text cut off before their end, with completion off: not read, so not
        // ranked, but one may be the answer ("Example: {...} Result: {"city": "Lond"), and the
        // example must not win in silence. Those that complete into another container count.
        if (!parse_options.complete_truncated) {
            std::size_t cut = 0, first_cut = Diagnostic::no_offset;
            ParseOptions completing = parse_options;
            completing.complete_truncated = true;
            for (std::size_t k = 0; k < candidates.size(); ++k) {
                const Candidate& c = candidates[k];
                if (k == w || c.source == CandidateSource::Whole || overlaps(c, wc)) continue;
                const bool not_closed = tally.outcome(k) == Outcome::Truncated ||
                                        (!c.closed && tally.outcome(k) == Outcome::Untried);
                if (!not_closed) continue;
                auto p = parse_fn(c.text, completing);
                if (!p || !(p->value.is_object() || p->value.is_array()) || p->value == chosen) continue;
                ++cut;
                first_cut = std::min(first_cut, c.offset);
            }
            if (cut > 0)
                winner.parsed.diagnostics.push_back(core_detail::repaired(
                    RepairKind::OtherCandidates, Risk::Warning,
                    std::to_string(cut) +
                        (cut == 1 ? " other candidate that the text cut off before its end was"
                                  : " other candidates that the text cut off before their end were") +
                        " passed over for this one: the answer may be the one cut off",
                    "raise the output token limit, or complete truncated JSON to read it", first_cut));
        }
        if (passed_over)
            winner.parsed.diagnostics.push_back(core_detail::repaired(
                RepairKind::OtherCandidates, Risk::Warning,
                std::to_string(passed_over) +
                    (passed_over == 1 ? " other candidate that does not fit was"
                                      : " other candidates that do not fit were") +
                    " passed over for this one: the answer may be the one that does not fit",
                "ask for exactly one JSON payload in the answer", first_passed));
        const std::size_t others = delimited_others + prose_others;
        if (others == 0) return;
        Diagnostic d;
        d.kind = DiagnosticKind::Repaired;
        d.repair = RepairKind::OtherCandidates;
        d.risk = Risk::Warning;
        d.offset = first_at;
        d.message = std::to_string(others) + (others == 1 ? " other candidate" : " other candidates");
        d.message += accept ? " that also fit" : "";
        if (spans_tier)
            d.message += " found in the prose; the largest (then the first) was taken";
        else {
            const char* rule = exact_pass ? "the first that reads exactly was taken" : "the first was taken";
            if (prose_others == 0)
                (d.message += " found in fences or tags; ") += rule;
            else if (delimited_others == 0)
                d.message += " found in the prose; the payload in a fence or tag was taken (fences and tags "
                             "rank before the prose)";
            else
                (d.message += " found in fences, tags and the prose; fences and tags rank before the prose, and ") +=
                    rule;
        }
        d.suggestion = "ask for exactly one JSON payload in the answer";
        winner.parsed.diagnostics.push_back(std::move(d));
    };

    for (std::size_t k : delimited) {
        auto e = attempt(k, exact, GuessPolicy::Allow);
        if (!e) continue;
        // A string holding a JSON container is a double-encoded payload: with repairs allowed,
        // the repairing pass decodes it (extract's parse function does). A filter that took the
        // string as written (a string target) keeps it so.
        if (lenient && !accept && encodes_container(e->parsed.value)) {
            tally.record(k, Outcome::Untried);
            continue;
        }
        report_others(*e, k, delimited, false, true);
        return std::move(*e);
    }
    if (lenient)
        for (std::size_t k : delimited) {
            if (tally.outcome(k) == Outcome::Filtered && !encoded_refused[k]) continue; // it parsed exactly: same value
            if (auto e = attempt(k, parse_options, GuessPolicy::Delimited)) {
                report_others(*e, k, delimited, false, false);
                return std::move(*e);
            }
        }
    for (std::size_t k : spans)
        if (auto e = attempt(k, parse_options, GuessPolicy::Prose)) {
            report_others(*e, k, spans, true, false);
            return std::move(*e);
        }
    return tally.to_error(candidates);
}

} // namespace laminate::extract_detail
