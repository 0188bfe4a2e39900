// extract_candidates(): one left-to-right pass over the text, no recursion, no rescans.
//
// Scopes: the top level, and the inside of each open fence or payload tag (a small stack). Fences
// and tags nest (a fence inside <answer>, a <tool_call> inside a fence); balanced spans never
// cross a scope boundary: the span tracker is reset whenever a scope opens or closes.
//
// Reasoning (with skip_reasoning), at the top level only:
// * an opener (<think>, <reasoning>, <|begin_of_thought|> ...) counts at the start of a line,
//   outside strings, or in the middle of one when its closer follows (a closed block is a
//   thought), so that prose mentioning "<think>" mid-sentence hides nothing;
// * everything up to the matching closer is skipped; an unclosed block hides the rest of the
//   text: a model cut off mid-thought has not produced its payload yet;
// * a closer seen before any opener (templates such as DeepSeek-R1's put <think> in the prompt,
//   so the output starts inside the thought) hides everything before it.
//
// Inside a string of an open span, openers (fences, tags, reasoning) are not recognized — they
// are the payload's text — but the closer of an open fence or tag is, so that a payload with a
// broken string cannot swallow the rest of the text.

#include <laminate/extract.hpp>

#include "extract/markup.hpp"
#include "extract/span_tracker.hpp"
#include "extract/text_scan.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace laminate {
namespace {

using namespace extract_detail;

// Deeper nesting of fences and tags than this is ignored (treated as text).
constexpr std::size_t max_scopes = 8;

struct Scope {
    bool fence = false;
    FenceOpen open;       // the opening fence line, for a fence
    std::string label;    // info string or tag name
    std::size_t content_begin = 0;
};

struct Span {
    Range range;
    bool closed = true;
};

// Ranks balanced spans for the bounded keep-the-best heap: larger first, then earlier.
bool better_span(const Span& a, const Span& b) {
    if (a.range.size() != b.range.size()) return a.range.size() > b.range.size();
    return a.range.begin < b.range.begin;
}

class Scanner {
public:
    Scanner(std::string_view text, const ExtractOptions& options) : text_(text), opt_(options) {}

    std::vector<Candidate> run() {
        if (opt_.max_candidates == 0) return {};
        std::size_t i = 0;
        while (i < text_.size()) {
            if (reasoning_) {
                i = skip_reasoning(i);
                continue;
            }
            const char c = text_[i];
            if (fresh_line_ && (c == '`' || c == '~') && on_fence_line(i)) continue;
            if (c == '<' && on_angle(i)) continue;
            if (spans_.feed(text_, i)) add_span({spans_.last_span(), true});
            if (c == '\n') {
                fresh_line_ = true;
                line_begin_ = i + 1;
            } else if (!is_space(c)) {
                fresh_line_ = false;
            }
            ++i;
        }
        finish();
        return assemble();
    }

private:
    // --- fences ------------------------------------------------------------------------------

    // At the first non-blank byte of a line, a '`' or '~'. Returns true when it consumed a
    // fence line (and moved i to the next line).
    bool on_fence_line(std::size_t& i) {
        for (std::size_t k = scopes_.size(); k-- > 0;) {
            if (!scopes_[k].fence) continue;
            if (auto next = match_fence_close(text_, i, scopes_[k].open)) {
                close_scopes(k, line_begin_);
                return resume_on_new_line(i, *next);
            }
            break; // only the innermost fence can be closed
        }
        if (spans_.in_string()) return false;
        if (!scopes_.empty() && scopes_.back().fence) return false; // a fence line inside a fence
        if (scopes_.size() >= max_scopes) return false;
        auto open = match_fence_open(text_, i);
        if (!open) return false;
        scopes_.push_back(Scope{true, *open, std::string(open->info), open->next_line});
        spans_.reset();
        return resume_on_new_line(i, open->next_line);
    }

    bool resume_on_new_line(std::size_t& i, std::size_t next) {
        i = next;
        fresh_line_ = true;
        line_begin_ = next;
        return true;
    }

    // --- tags --------------------------------------------------------------------------------

    // At a '<'. Returns true when it consumed a tag (and moved i past it).
    bool on_angle(std::size_t& i) {
        auto tag = match_tag(text_, i);
        if (!tag) return false;
        if (tag->closing) return on_closing_tag(i, *tag);
        if (tag->role == TagRole::Reasoning && opt_.skip_reasoning) {
            const bool recognized = !spans_.in_string() && scopes_.empty() &&
                                    (fresh_line_ || closer_ahead(tag->end, tag->name));
            seen_reasoning_ = true;
            if (!recognized) return false;
            enter_reasoning(i, *tag);
            return true;
        }
        if (tag->role != TagRole::Payload || tag->self_closing || spans_.in_string()) return false;
        if (scopes_.size() >= max_scopes) return false;
        scopes_.push_back(Scope{false, {}, tag->name, tag->end});
        spans_.reset();
        i = tag->end;
        fresh_line_ = false;
        return true;
    }

    bool on_closing_tag(std::size_t& i, const Tag& tag) {
        if (tag.role == TagRole::Payload) {
            for (std::size_t k = scopes_.size(); k-- > 0;) {
                if (scopes_[k].fence || scopes_[k].label != tag.name) continue;
                close_scopes(k, i);
                i = tag.end;
                fresh_line_ = false;
                return true;
            }
            return false;
        }
        if (tag.role != TagRole::Reasoning || !opt_.skip_reasoning || seen_reasoning_ ||
            spans_.in_string())
            return false;
        // A closer with no opener: the output began inside the thought. Forget all of it.
        seen_reasoning_ = true;
        delimited_.clear();
        spans_heap_.clear();
        scopes_.clear();
        spans_.reset();
        visible_from_ = tag.end;
        i = tag.end;
        fresh_line_ = true;
        return true;
    }

    // --- reasoning ---------------------------------------------------------------------------

    void enter_reasoning(std::size_t& i, const Tag& tag) {
        leading_reasoning_ = !after_content_ && trim(text_, visible_from_, i).empty();
        if (!leading_reasoning_) after_content_ = true;
        reasoning_ = true;
        reasoning_name_ = tag.name;
        spans_.reset();
        i = tag.end;
    }

    // Whether a closer of the reasoning block `name` follows `from`: an opener in the middle of a
    // line counts only then (a closed block is a thought; prose mentioning "<think>" with no
    // closer after it hides nothing). Each name's search goes on from where its last one ended,
    // and openers come in text order: the text is searched once per name at most.
    bool closer_ahead(std::size_t from, const std::string& name) {
        auto it = std::find_if(closers_.begin(), closers_.end(), [&](const auto& c) { return c.first == name; });
        if (it == closers_.end()) it = closers_.insert(closers_.end(), {name, std::string_view::npos - 1});
        std::size_t& at = it->second; // the closer found last; npos: none to the end
        if (at == std::string_view::npos) return false;
        if (at != std::string_view::npos - 1 && at >= from) return true;
        at = std::string_view::npos;
        for (std::size_t p = text_.find('<', from); p != std::string_view::npos; p = text_.find('<', p + 1)) {
            auto tag = match_tag(text_, p);
            if (tag && tag->closing && tag->name == name) {
                at = p;
                break;
            }
        }
        return at != std::string_view::npos;
    }

    // Inside a reasoning block: jump from '<' to '<' looking for its closer.
    std::size_t skip_reasoning(std::size_t i) {
        for (std::size_t p = text_.find('<', i); p != std::string_view::npos;
             p = text_.find('<', p + 1)) {
            auto tag = match_tag(text_, p);
            if (!tag || !tag->closing || tag->name != reasoning_name_) continue;
            reasoning_ = false;
            if (leading_reasoning_) visible_from_ = tag->end;
            fresh_line_ = true;
            return tag->end;
        }
        return text_.size(); // unclosed: hides the rest (finish() handles visibility)
    }

    // --- emitting ----------------------------------------------------------------------------

    // Closes scopes_[k] at content_end; scopes opened inside it end there too, unclosed.
    void close_scopes(std::size_t k, std::size_t content_end) {
        while (scopes_.size() > k + 1) {
            add_delimited(scopes_.back(), content_end, false);
            scopes_.pop_back();
        }
        add_delimited(scopes_.back(), content_end, true);
        scopes_.pop_back();
        spans_.reset();
    }

    void add_delimited(const Scope& s, std::size_t content_end, bool closed) {
        const Range r = trim(text_, s.content_begin, content_end);
        if (r.empty() || delimited_.size() >= opt_.max_candidates) return;
        delimited_.push_back(Candidate{text_.substr(r.begin, r.size()), r.begin,
                                       s.fence ? CandidateSource::Fence : CandidateSource::Tag,
                                       s.label, closed});
    }

    // Keeps the max_candidates best spans (largest, then earliest) in a bounded heap whose
    // front is the worst kept.
    void add_span(Span s) {
        if (s.range.empty()) return;
        spans_heap_.push_back(s);
        std::push_heap(spans_heap_.begin(), spans_heap_.end(), better_span);
        if (spans_heap_.size() > opt_.max_candidates) {
            std::pop_heap(spans_heap_.begin(), spans_heap_.end(), better_span);
            spans_heap_.pop_back();
        }
    }

    void finish() {
        if (reasoning_) {
            if (leading_reasoning_) visible_from_ = text_.size();
            return;
        }
        if (spans_.open()) add_span({trim(text_, spans_.start(), text_.size()), false});
        while (!scopes_.empty()) {
            add_delimited(scopes_.back(), text_.size(), false);
            scopes_.pop_back();
        }
    }

    std::optional<Candidate> whole() const {
        if (after_content_ || visible_from_ >= text_.size()) return std::nullopt;
        std::size_t begin = visible_from_;
        if (text_.substr(begin, 3) == "\xEF\xBB\xBF") begin += 3; // byte order mark
        const Range r = trim(text_, begin, text_.size());
        // A whole answer that is a Python tuple, or an opener and nothing else, is a payload as
        // `repair` reads it (not in prose).
        if (r.empty() || !(starts_like_payload(text_, r.begin) || whole_tuple(text_, r.begin, r.end) ||
                           lone_opener(text_, r.begin, r.end)))
            return std::nullopt;
        return Candidate{text_.substr(r.begin, r.size()), r.begin, CandidateSource::Whole, {}, true};
    }

    // Whole, then fences and tags, then spans: that order decides which duplicate survives
    // and which candidates are kept within max_candidates; the result is in text order.
    std::vector<Candidate> assemble() {
        std::vector<Candidate> ranked;
        if (auto w = whole()) ranked.push_back(std::move(*w));
        for (auto& d : delimited_) ranked.push_back(std::move(d));
        std::sort(spans_heap_.begin(), spans_heap_.end(), better_span);
        for (const Span& s : spans_heap_)
            ranked.push_back(Candidate{text_.substr(s.range.begin, s.range.size()), s.range.begin,
                                       CandidateSource::Balanced, {}, s.closed});

        std::vector<std::size_t> order(ranked.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        auto by_position = [&](std::size_t a, std::size_t b) {
            const Candidate &x = ranked[a], &y = ranked[b];
            if (x.offset != y.offset) return x.offset < y.offset;
            if (x.text.size() != y.text.size()) return x.text.size() > y.text.size();
            return a < b; // same range: the better-ranked one first
        };
        std::sort(order.begin(), order.end(), by_position);

        // One candidate per range; it is unclosed if any of its duplicates is (the whole text
        // that is also a truncated span).
        std::vector<bool> keep(ranked.size(), false);
        std::size_t kept = 0, leader = 0;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const Candidate& c = ranked[order[k]];
            if (k > 0 && c.offset == ranked[leader].offset &&
                c.text.size() == ranked[leader].text.size()) {
                ranked[leader].closed = ranked[leader].closed && c.closed;
                continue;
            }
            leader = order[k];
            keep[leader] = true;
        }
        // Within the limit, by rank.
        for (std::size_t r = 0; r < ranked.size(); ++r) {
            if (!keep[r]) continue;
            if (kept == opt_.max_candidates) keep[r] = false;
            else ++kept;
        }
        std::vector<Candidate> out;
        out.reserve(kept);
        for (std::size_t idx : order)
            if (keep[idx]) out.push_back(std::move(ranked[idx]));
        return out;
    }

    std::string_view text_;
    const ExtractOptions& opt_;

    std::vector<Scope> scopes_;
    SpanTracker spans_;
    std::vector<Candidate> delimited_; // fences and tags, in the order they ended
    std::vector<Span> spans_heap_;

    bool fresh_line_ = true;     // nothing but blanks since the start of the line
    std::size_t line_begin_ = 0; // where the current line starts

    bool reasoning_ = false;          // inside a reasoning block
    bool leading_reasoning_ = false;  // ...that only whitespace precedes
    std::string reasoning_name_;
    bool seen_reasoning_ = false;     // any reasoning opener so far, recognized or not
    bool after_content_ = false;      // reasoning after visible text: no whole candidate
    std::size_t visible_from_ = 0;    // end of the leading reasoning
    // closer_ahead's memory, per reasoning name: where its last closer was found (npos: none to
    // the end; npos - 1: not searched yet).
    std::vector<std::pair<std::string, std::size_t>> closers_;
};

} // namespace

std::vector<Candidate> extract_candidates(std::string_view text, const ExtractOptions& options) {
    return Scanner(text, options).run();
}

} // namespace laminate
