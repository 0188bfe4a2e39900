// Structural equality of Values. Numbers compare by the decimal they stand for (value.hpp);
// objects as multisets of members.
//
// Iterative over an explicit stack, so that comparing values nested deeper than the call stack
// allows cannot overflow it. The object matcher tries candidates in turn, so the stack is a
// small backtracking machine: each frame is a pair of containers being compared, and the result
// of the child comparison it is waiting for decides its next step.

#include <laminate/value.hpp>

#include "number/lexeme.hpp"
#include "small_stack.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <new>

namespace laminate {

namespace {
constexpr double kTwoPow53 = 9007199254740992.0;

// A double without a decimal: NaN or an infinity that has no valid lexeme standing for it.
bool is_non_finite_double(const Value& v) noexcept {
    bool integral = false;
    return v.number_kind() == NumberKind::Double && !std::isfinite(v.as_double()) &&
           !number_detail::is_json_number(v.lexeme(), integral);
}

// The decimals two numbers stand for, compared as text. Only reached for numbers beyond a
// double's exact range or flagged inexact, so the allocation is rare.
bool same_decimal_text(const Value& a, const Value& b) noexcept {
    try {
        return number_detail::canonical_decimal(a.number_text()) == number_detail::canonical_decimal(b.number_text());
    } catch (...) {
        return false; // out of memory: not provably equal
    }
}

bool numbers_equal(const Value& a, const Value& b) noexcept {
    std::int64_t ia = 0, ib = 0;
    std::uint64_t ua = 0, ub = 0;
    if (a.is_integer() && b.is_integer()) {
        if (a.get_int64(ia) && b.get_int64(ib)) return ia == ib;
        if (a.get_uint64(ua) && b.get_uint64(ub)) return ua == ub;
        return false;
    }
    if (a.is_lossless() && b.is_lossless()) {
        // Only doubles built from C++ values (or handed over by a repair) are non-finite here.
        double da = a.as_double(), db = b.as_double();
        if (!std::isfinite(da) || !std::isfinite(db)) {
            if (a.is_integer() || b.is_integer()) return false;
            return da == db || (da != da && db != db); // NaN equals NaN: copies compare equal
        }
        if (!a.is_integer() && !b.is_integer()) return da == db; // renderings are injective
        // Integer and double: below 2^53 the double's rendering spells the double exactly.
        const Value& i = a.is_integer() ? a : b;
        double d = a.is_integer() ? db : da;
        if (std::fabs(d) < kTwoPow53) {
            if (d != std::trunc(d)) return false;
            return i.get_int64(ia) && ia == static_cast<std::int64_t>(d);
        }
        return same_decimal_text(a, b);
    }
    if (is_non_finite_double(a) || is_non_finite_double(b)) return false;
    return same_decimal_text(a, b);
}

enum class Shallow { Unequal, Equal, Descend };

// Everything but the elements: types, scalars, sizes. Descend when both are non-empty
// containers of the same type and size.
inline Shallow compare_shallow(const Value& a, const Value& b) noexcept {
    if (a.type() != b.type()) return Shallow::Unequal;
    bool equal = true;
    switch (a.type()) {
    case Type::Null: break;
    case Type::Bool: equal = a.as_bool() == b.as_bool(); break;
    case Type::Number: equal = numbers_equal(a, b); break;
    case Type::String: equal = a.as_string() == b.as_string(); break;
    case Type::Array:
    case Type::Object:
        if (a.size() != b.size()) return Shallow::Unequal;
        return a.empty() ? Shallow::Equal : Shallow::Descend;
    }
    return equal ? Shallow::Equal : Shallow::Unequal;
}

constexpr std::uint32_t kNoCandidate = std::numeric_limits<std::uint32_t>::max();

struct Frame {
    const Value* a;
    const Value* b;
    std::uint32_t i = 0;            // element of a being compared / member of a being matched
    std::uint32_t attempt = 0;      // objects: candidates of b tried for member i so far
    std::uint32_t j = kNoCandidate; // objects: candidate of b under comparison
    std::size_t marks = 0;          // objects: offset of b's used-marks in the mark pool
};

using MarkPool = value_detail::SmallStack<std::uint64_t, 16>;

// Objects: member i of a tries member i of b first (same order costs one comparison a member,
// even with duplicate keys), then every other unused member of b with the same key. Objects
// from models are small: key scans are cheaper than hashing.
std::uint32_t next_candidate(Frame& f, const MarkPool& pool) noexcept {
    auto x = f.a->members();
    auto y = f.b->members();
    const std::uint32_t n = static_cast<std::uint32_t>(y.size());
    while (f.attempt < n) {
        // Attempt 0 is member i; attempts 1..n-1 are every other member in order.
        std::uint32_t t = f.attempt++;
        std::uint32_t j = t == 0 ? f.i : (t - 1 < f.i ? t - 1 : t);
        bool used = (pool[f.marks + j / 64] >> (j % 64)) & 1u;
        if (!used && y[j].key() == x[f.i].key()) return j;
    }
    return kNoCandidate;
}

enum class Step { Finished, Descend };

// Advances an array frame past equal scalars. last: the result of the child it waited for.
Step step_array(Frame& f, bool last, bool& result, const Value*& ca, const Value*& cb) noexcept {
    if (!last) return result = false, Step::Finished;
    auto x = f.a->items();
    auto y = f.b->items();
    for (; f.i < x.size(); ++f.i) {
        switch (compare_shallow(x[f.i], y[f.i])) {
        case Shallow::Equal: continue;
        case Shallow::Unequal: return result = false, Step::Finished;
        case Shallow::Descend: ca = &x[f.i], cb = &y[f.i], ++f.i; return Step::Descend;
        }
    }
    return result = true, Step::Finished;
}

// Advances an object frame past matched members. last: whether candidate f.j matched.
Step step_object(Frame& f, MarkPool& pool, bool last, bool& result, const Value*& ca, const Value*& cb) noexcept {
    auto x = f.a->members();
    auto y = f.b->members();
    auto matched = [&] {
        pool[f.marks + f.j / 64] |= std::uint64_t{1} << (f.j % 64);
        ++f.i;
        f.attempt = 0;
    };
    if (last && f.j != kNoCandidate) matched();
    while (f.i < x.size()) {
        f.j = next_candidate(f, pool);
        if (f.j == kNoCandidate) return result = false, Step::Finished;
        switch (compare_shallow(x[f.i].value, y[f.j].value)) {
        case Shallow::Equal: matched(); continue;
        case Shallow::Unequal: continue; // the next candidate
        case Shallow::Descend: ca = &x[f.i].value, cb = &y[f.j].value; return Step::Descend;
        }
    }
    return result = true, Step::Finished;
}

bool equal_with_stack(const Value& root_a, const Value& root_b) {
    switch (compare_shallow(root_a, root_b)) {
    case Shallow::Unequal: return false;
    case Shallow::Equal: return true;
    case Shallow::Descend: break;
    }
    value_detail::SmallStack<Frame> stack;
    MarkPool pool; // used-marks of every open object frame, stacked
    auto push = [&](const Value* a, const Value* b) {
        Frame f{a, b};
        if (a->is_object()) {
            f.marks = pool.size();
            pool.push_n((b->size() + 63) / 64, 0);
        }
        stack.push(f);
    };
    push(&root_a, &root_b);
    // The result of the child comparison the top frame waits for; a new frame waits for nothing
    // (true lets arrays start and, with j unset, does not mark a member).
    bool last = true;
    for (;;) {
        Frame& f = stack.back();
        const Value* ca = nullptr;
        const Value* cb = nullptr;
        bool result = false;
        Step step = f.a->is_array() ? step_array(f, last, result, ca, cb)
                                    : step_object(f, pool, last, result, ca, cb);
        if (step == Step::Descend) {
            push(ca, cb); // invalidates f
            last = true;
            continue;
        }
        if (f.a->is_object()) pool.truncate(f.marks);
        stack.pop();
        if (stack.empty()) return result;
        last = result;
    }
}

// Without memory for the stack: recursion, and objects matched by counting each member's
// occurrences on both sides, which needs no marks.
bool equal_recursive(const Value& a, const Value& b) noexcept {
    switch (compare_shallow(a, b)) {
    case Shallow::Unequal: return false;
    case Shallow::Equal: return true;
    case Shallow::Descend: break;
    }
    if (a.is_array()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!equal_recursive(a.items()[i], b.items()[i])) return false;
        return true;
    }
    auto x = a.members(), y = b.members();
    for (std::size_t i = 0; i < x.size(); ++i) {
        std::size_t in_x = 1, in_y = 0;
        for (std::size_t j = 0; j < x.size(); ++j)
            if (j != i && x[j].key() == x[i].key() && equal_recursive(x[j].value, x[i].value)) ++in_x;
        for (const auto& m : y)
            if (m.key() == x[i].key() && equal_recursive(m.value, x[i].value)) ++in_y;
        if (in_x != in_y) return false;
    }
    return true;
}
} // namespace

bool operator==(const Value& a, const Value& b) noexcept {
    try {
        return equal_with_stack(a, b);
    } catch (...) { // out of memory for the stack
        return equal_recursive(a, b);
    }
}

} // namespace laminate
