// Enum targets and name matching (enum names and object keys).
#include <laminate/coerce.hpp>

#include "conversion.hpp"
#include "shape/name_fold.hpp"

#include <iterator>

namespace laminate {
namespace {

bool is_separator(char c) noexcept { return c == ' ' || c == '_' || c == '-' || c == '\t'; }

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// "expected one of Economy, Premium, Business, First": declared names are the schema, not
// input, so they may be shown (the first few).
std::string expected_names(const EnumTarget& t) {
    constexpr std::size_t kShown = 16;
    std::string m = "expected one of the names of " + std::string(t.name) + " (";
    for (std::size_t i = 0; i < t.names.size() && i < kShown; ++i) {
        if (i) m += ", ";
        m += t.names[i];
    }
    if (t.names.size() > kShown) m += ", ...";
    m += ')';
    return m;
}

bool same_ignoring_case(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

} // namespace

namespace {

bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }
bool is_edge_mark(char c) noexcept { return c == '_' || c == '-'; }

std::string_view trim_blanks(std::string_view s) noexcept {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

std::size_t leading_marks(std::string_view s) noexcept {
    std::size_t n = 0;
    while (n < s.size() && is_edge_mark(s[n])) ++n;
    return n;
}

std::size_t trailing_marks(std::string_view s) noexcept {
    std::size_t n = 0;
    while (n < s.size() && is_edge_mark(s[s.size() - 1 - n])) ++n;
    return n;
}

// "userName": a lower-case letter followed by an upper-case one, a word boundary written by case.
bool has_case_hump(std::string_view s) noexcept {
    for (std::size_t i = 1; i < s.size(); ++i)
        if (s[i - 1] >= 'a' && s[i - 1] <= 'z' && s[i] >= 'A' && s[i] <= 'Z') return true;
    return false;
}

} // namespace

bool names_match_loosely(std::string_view a, std::string_view b) noexcept {
    // '_' and '-' at a name's edge are part of it: "_id" is not "id" (MongoDB keeps both), as
    // "A-" is no "A" among enum names. Inside a name they are separators like blanks.
    a = trim_blanks(a);
    b = trim_blanks(b);
    const std::size_t lead = leading_marks(a), trail = trailing_marks(a);
    if (lead == a.size()) return a == b; // only marks: "_" or "--" match themselves
    if (a.substr(0, lead) != b.substr(0, leading_marks(b)) ||
        a.substr(a.size() - trail) != b.substr(b.size() - trailing_marks(b)))
        return false;
    std::size_t i = lead, j = lead;
    const std::size_t a_end = a.size() - trail, b_end = b.size() - trail;
    while (true) {
        while (i < a_end && is_separator(a[i])) ++i;
        while (j < b_end && is_separator(b[j])) ++j;
        if (i == a_end || j == b_end) return i == a_end && j == b_end;
        if (lower(a[i]) != lower(b[j])) return false;
        ++i;
        ++j;
    }
}

NameMatch match_name(std::string_view candidate, std::span<const std::string_view> names,
                     CoercionLevel level) noexcept {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == candidate) return {i, NameMatch::How::Exact};
    if (level < CoercionLevel::BestEffort) return {};
    // Two tiers, as enum names have: ASCII case alone, then separators too. "User_Name" is
    // user_name's key before userName's; ambiguity counts only within the tier that decides.
    NameMatch by_case;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!same_ignoring_case(candidate, names[i])) continue;
        if (by_case) return {NameMatch::npos, NameMatch::How::Ambiguous};
        by_case = {i, NameMatch::How::Loose};
    }
    // Except where the candidate marks a word boundary by case: "UserName" is "username" by case
    // alone and "user_name" by its words, and which one the model meant is a guess.
    if (by_case && !has_case_hump(candidate)) return by_case;
    NameMatch found = by_case;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i == by_case.index || !names_match_loosely(candidate, names[i])) continue;
        if (found) return {NameMatch::npos, NameMatch::How::Ambiguous};
        found = {i, NameMatch::How::Loose};
    }
    return found;
}

namespace shape_detail {
namespace {

using shape_detail::NameFold;

// The tiers of folded matching, loosest last. The case-only tier says "case and separators" as
// the next one does: one wording for a loose match, which logs and tests already match on.
constexpr NameFold kTiers[] = {NameFold::CaseOnly, NameFold::Case, NameFold::Accents};
constexpr std::string_view kMatched[] = {"case and separators", "case and separators",
                                         "accents, case and separators"};
constexpr std::string_view kAmbiguous[] = {"case is", "case and separators are", "accents, case and separators are"};

struct FoldedMatch {
    std::size_t index = NameMatch::npos; // the name the deciding tier found
    std::size_t tier = 0;                // that tier (or the one where several matched)
    bool ambiguous = false;
};

FoldedMatch match_folded(std::string_view text, const EnumTarget& t) {
    for (std::size_t tier = 0; tier < std::size(kTiers); ++tier) {
        const NameFold fold = kTiers[tier];
        const std::string folded = fold_name(text, fold);
        if (folded.empty()) break;
        std::size_t found = NameMatch::npos, count = 0;
        for (std::size_t i = 0; i < t.names.size(); ++i)
            if (fold_name(t.names[i], fold) == folded) {
                if (count++ == 0) found = i;
            }
        if (count > 1) return {NameMatch::npos, tier, true};
        if (count == 1) return {found, tier, false};
    }
    return {};
}

Error ambiguous_fold(const CoerceContext& ctx, const EnumTarget& t, std::size_t tier) {
    return fail(ctx, ErrorKind::AmbiguousValue,
                expected_names(t) + ", got a name matching several of them when " + std::string(kAmbiguous[tier]) +
                    " ignored");
}

// Markdown around a whole name: bold, emphasis, inline code. Longer marks first, so that **a**
// is not read as * around *a*.
constexpr std::string_view kMarkdownMarks[] = {"**", "__", "*", "_", "`"};

// The text inside markdown marks that wrap all of `s`, or empty. The marks hug their text, as
// markdown wants (`* a *` is no emphasis); a '*' or '`' inside means other marks (`*a* *b*` is
// two), while '_' inside a word is no mark (`_in_progress_`). Not when a declared name starts or
// ends with the mark's character: there the marks may be the name's own ("_id_" beside "_id").
std::string_view unwrap_markdown(std::string_view s, const EnumTarget& t) noexcept {
    for (std::string_view mark : kMarkdownMarks) {
        if (s.size() <= 2 * mark.size() || !s.starts_with(mark) || !s.ends_with(mark)) continue;
        const char m = mark[0];
        std::string_view inner = s.substr(mark.size(), s.size() - 2 * mark.size());
        if (inner.front() == m || inner.back() == m || is_blank(inner.front()) || is_blank(inner.back()))
            return {};
        if (m != '_' && inner.find(m) != std::string_view::npos) return {};
        for (std::string_view name : t.names)
            if (!name.empty() && (name.front() == m || name.back() == m)) return {};
        return inner;
    }
    return {};
}

Result<std::size_t> read_enum(const Value& in, const EnumTarget& t, const CoerceContext& ctx, Conversion& c,
                              bool may_unwrap) {
    if (in.is_array() && may_unwrap) {
        if (const Value* e = unwrap_single(in, ctx, c)) return read_enum(*e, t, ctx, c, false);
        if (in.size() == 1) return needs_level(ctx, t.name, in, CoercionLevel::BestEffort);
    }
    std::string text_storage;
    std::string_view text;
    if (in.is_string()) {
        text = in.as_string();
    } else if (in.is_number() || in.is_bool()) {
        // A number or a bool spelled like a declared name ("1" in an enum of "1", "2", "3").
        if (!ctx.allows(CoercionLevel::StringCoercion)) return needs_level(ctx, t.name, in, CoercionLevel::StringCoercion);
        text_storage = in.is_bool() ? (in.as_bool() ? "true" : "false") : in.number_text();
        text = text_storage;
        c.source(source_type(in));
    } else {
        return mismatch(ctx, t.name, in);
    }

    NameMatch m = match_name(text, t.names, CoercionLevel::Exact);
    if (m) {
        if (!in.is_string()) c.step(Risk::Info, {}, "emit the enum's names as strings");
        return m.index;
    }
    std::string_view trimmed = trim(text);
    if (trimmed.size() != text.size()) {
        m = match_name(trimmed, t.names, CoercionLevel::Exact);
        if (m) {
            if (!ctx.allows(CoercionLevel::StringCoercion))
                return needs_level(ctx, t.name, in, CoercionLevel::StringCoercion);
            c.source("string");
            c.step(Risk::Info, "surrounding whitespace removed", "emit the declared name exactly");
            return m.index;
        }
    }
    // Folded, in tiers that each go further: case alone, then separators (' ', '_', '-', '.')
    // too, then accents too (name_fold.hpp). The first tier that finds a name decides: "a" in
    // A+, A, A- is A by case alone, before A- could match it once '-' is ignored. Each is a
    // Warning; a name that folds like two declared ones in the same tier is ambiguous, never a
    // pick.
    FoldedMatch f = match_folded(trimmed, t);
    if (f.ambiguous) return ambiguous_fold(ctx, t, f.tier);
    if (f.index != NameMatch::npos) {
        if (!ctx.allows(CoercionLevel::BestEffort)) return needs_level(ctx, t.name, in, CoercionLevel::BestEffort);
        c.source("string");
        c.step(Risk::Warning, "matched ignoring " + std::string(kMatched[f.tier]), "emit the declared name exactly");
        return f.index;
    }
    // **negative**, `negative`: markdown a model put around the whole name to set it off. Only
    // after the text as written matched nothing, and only to a name the text inside matches
    // (exactly, or folded as above).
    if (std::string_view inner = unwrap_markdown(trimmed, t); !inner.empty()) {
        std::size_t found = NameMatch::npos;
        for (std::size_t i = 0; i < t.names.size() && found == NameMatch::npos; ++i)
            if (t.names[i] == inner) found = i;
        FoldedMatch g;
        if (found == NameMatch::npos) {
            g = match_folded(inner, t);
            if (g.ambiguous) return ambiguous_fold(ctx, t, g.tier);
            found = g.index;
        }
        if (found != NameMatch::npos) {
            if (!ctx.allows(CoercionLevel::BestEffort)) return needs_level(ctx, t.name, in, CoercionLevel::BestEffort);
            c.source("string");
            c.step(Risk::Warning, "removed markdown marks around the name", "emit the declared name exactly");
            if (g.index != NameMatch::npos)
                c.step(Risk::Warning, "matched ignoring " + std::string(kMatched[g.tier]));
            return found;
        }
    }
    return fail(ctx, ErrorKind::UnknownVariant, expected_names(t) + ", got " +
                                                     std::string(described_type(in)) + " matching none");
}

} // namespace
} // namespace shape_detail

Result<std::size_t> coerce_enum(const Value& in, EnumTarget target, const CoerceContext& ctx) {
    shape_detail::Conversion c;
    auto r = shape_detail::read_enum(in, target, ctx, c, true);
    if (r) shape_detail::record(ctx, c, target.name);
    return r;
}

} // namespace laminate
