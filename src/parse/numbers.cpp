// Numbers. The fast path computes integers and plain decimals itself (exactly: a mantissa of at
// most 15 digits and a power of ten up to 1e15 are both exact doubles, so one division is
// correctly rounded) and hands everything else to number_detail::make_number, which keeps big and
// precise numbers exact through their lexeme. number_cold() repairs what models get wrong.

#include "parser.hpp"

#include "number/lexeme.hpp"
#include "value/value_access.hpp"

#include <string>

namespace laminate::parse_detail {

namespace {
constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                             1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
} // namespace

bool Parser::read_decimal(const char* start, const char* q, std::uint64_t mantissa,
                          std::size_t int_digits, bool negative) {
    const char* fraction = q;
    std::size_t fraction_digits = 0;
    if (*q == '.') {
        fraction = ++q;
        while (q != end_ && is_digit(static_cast<unsigned char>(*q))) {
            mantissa = mantissa * 10 + static_cast<unsigned>(*q - '0');
            ++q;
        }
        fraction_digits = static_cast<std::size_t>(q - fraction);
        if (fraction_digits == 0) return false;
    }
    bool exponent = false;
    if (q != end_ && (*q == 'e' || *q == 'E')) {
        exponent = true;
        ++q;
        if (q != end_ && (*q == '+' || *q == '-')) ++q;
        const char* exponent_digits = q;
        while (q != end_ && is_digit(static_cast<unsigned char>(*q)))
            ++q;
        if (q == exponent_digits) return false;
    }
    if (q != end_ && is_word_char(static_cast<unsigned char>(*q))) return false;

    // A plain decimal as JSON writers print it ("760.41", "-0.125"): the double's shortest
    // rendering is then the lexeme itself, so none needs keeping.
    const bool zero_integer = int_digits == 1 && start[negative ? 1 : 0] == '0';
    const auto length = static_cast<std::size_t>(q - start);
    // Only with a fraction ("1e999" has none: fraction[-1] would be outside the text).
    const bool decimal = !exponent && fraction_digits > 0;
    const bool plain = decimal && fraction[fraction_digits - 1] != '0' && !(zero_integer && fraction[0] == '0');
    if (decimal && int_digits + fraction_digits <= 15 && (plain || length <= 8)) {
        const double d = static_cast<double>(mantissa) / kPow10[fraction_digits];
        // Not plain ("2.50", "0.05"), but short: make_number keeps every lexeme of up to 8 bytes,
        // and a decimal of at most 15 digits is always lossless (double_surely_lossless), so it
        // would build exactly this value, after a from_chars and a digit count.
        ws_.values.emplace(value_detail::ValueAccess::number(
            NumberKind::Double, 0, 0, negative ? -d : d,
            plain ? std::string_view{} : std::string_view(start, length), false));
    } else {
        ws_.values.emplace(number_detail::make_number(
            std::string_view(start, static_cast<std::size_t>(q - start)), false));
    }
    p_ = q;
    return true;
}

// {"x": 2,000} or {"x": -1,234,567.50}: a member's value written with thousands separators. The
// fast path read the number up to its first comma, and the digits after it came as the next
// member's key. They are the number's instead when the reading is unambiguous:
// * the value is an object member's, an integer of 1 to 3 digits (no leading 0), a '-' at most,
//   right after the ':' (an array's [1,234] is two numbers, and valid JSON is never re-read);
// * the comma touches both: every group after it is exactly 3 digits, and no digit follows it;
// * after the groups (and a fraction or exponent) comes ',' or '}': the digits cannot be the key
//   of a next member, which would need a ':' ({"x": 1,000: 2} keeps "000" as a key), and no
//   digit follows that ',' (12,345,67 is no grouping).
// Otherwise (a space after the comma, a 2- or 4-digit group, the end of the text) the digits are
// left to the key reader, as before. Called at key position: p_ at the digits, comma_ before them.
bool Parser::digit_groups(Next& next) {
    if (!opt_.repair || !comma_ || comma_ + 1 != p_ || top().kind != FrameKind::Object) return false;
    auto& values = ws_.values;
    const std::size_t count = count_in_top();
    if (count < 2 || count % 2 != 0 || !values.top().is_number()) return false;
    const auto digit = [](const char* at) { return is_digit(static_cast<unsigned char>(*at)); };
    // The number before the comma: its digits, its sign, then blanks back to the member's ':'.
    const char* start = comma_;
    while (start != begin_ && digit(start - 1))
        --start;
    const auto lead = static_cast<std::size_t>(comma_ - start);
    if (lead == 0 || lead > 3 || *start == '0') return false;
    if (start != begin_ && start[-1] == '-') --start;
    const char* before = start;
    while (before != begin_ && is_ws(static_cast<unsigned char>(before[-1])))
        --before;
    if (before == begin_ || before[-1] != ':') return false;
    // The groups.
    std::string lexeme(start, comma_);
    const char* q = comma_;
    while (end_ - q >= 4 && *q == ',' && digit(q + 1) && digit(q + 2) && digit(q + 3) &&
           (end_ - q == 4 || !digit(q + 4))) {
        lexeme.append(q + 1, 3);
        q += 4;
    }
    if (q == comma_) return false;
    // A fraction and an exponent as JSON writes them.
    const char* rest = q;
    if (q != end_ && *q == '.') {
        const char* d = q + 1;
        while (d != end_ && digit(d))
            ++d;
        if (d == q + 1) return false;
        q = d;
    }
    if (q != end_ && (*q == 'e' || *q == 'E')) {
        const char* d = q + 1;
        if (d != end_ && (*d == '+' || *d == '-')) ++d;
        const char* digits = d;
        while (d != end_ && digit(d))
            ++d;
        if (d == digits) return false;
        q = d;
    }
    const char* t = q;
    while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
        ++t;
    if (t == end_ || (*t != ',' && *t != '}')) return false;
    if (*t == ',' && t + 1 != end_ && digit(t + 1)) return false; // 12,345,67: no grouping
    lexeme.append(rest, q);
    bool integral = false;
    if (!number_detail::is_json_number(lexeme, integral)) return false;
    values.pop(); // the number's first group; the member's key stays
    hot_close_ = nullptr;
    comma_ = nullptr;
    next = Next::Fail;
    if (!repair(RepairKind::InvalidNumber, start, "removed commas")) return true;
    values.emplace(number_detail::make_number(lexeme, integral));
    p_ = q;
    next = Next::AfterValue;
    return true;
}

namespace {
bool digit_at(const char* at) noexcept { return is_digit(static_cast<unsigned char>(*at)); }

// The 4-digit year of an ISO date, 2024-10-18, or of a date-time: text, not a subtraction.
bool iso_date(const char* s, const char* end) noexcept {
    const auto two = [&](const char* d) { return end - d >= 2 && digit_at(d) && digit_at(d + 1); };
    return end - s >= 10 && two(s) && two(s + 2) && s[4] == '-' && two(s + 5) && s[7] == '-' &&
           two(s + 8);
}
} // namespace

// {"ratio": 1/3}, [2*3], {"range": 1-5}: arithmetic written where a number belongs. The value is
// the expression's text, as written ("1/3"): evaluating it would invent a rounding, and a model
// that writes 1/3 may mean the fraction as much as the number. Only numbers and operators with no
// space between them (1 / 3 is not read so: [1 -2] is two numbers), a '-' at most before the
// first, each operand digits with an optional fraction; then a delimiter (',', a closer, white
// space, a comment, the end). A '/' or '*' that starts a comment (1 // x, 1 /* x */) is no
// operator. Inside containers only: a whole document "1/3" stays text (see root_after_value()).
// start: the first operand's first byte; pushed: the number read from it is on the value stack.
bool Parser::expression(const char* start, bool pushed, Next& next) {
    if (top().kind == FrameKind::Root || iso_date(start, end_)) return false;
    const char* q = start;
    if (*q == '-') ++q;
    std::size_t operators = 0;
    for (;;) {
        // An operand: digits, then an optional fraction.
        const char* const digits = q;
        while (q != end_ && digit_at(q))
            ++q;
        if (q == digits) return false;
        if (q != end_ && *q == '.') {
            const char* const fraction = ++q;
            while (q != end_ && digit_at(q))
                ++q;
            if (q == fraction) return false;
        }
        // An operator with an operand after it.
        if (end_ - q >= 2 && (*q == '+' || *q == '-' || *q == '*' || *q == '/') && digit_at(q + 1)) {
            ++operators;
            ++q;
            continue;
        }
        break;
    }
    if (operators == 0) return false;
    // Then the value's end: {"range": 1-5 days} or {"amount": 3/4 cup} are text, not "1-5".
    const char* t = q;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t != end_) {
        const auto c = static_cast<unsigned char>(*t);
        const bool comment = (c == '/' && end_ - t >= 2 && (t[1] == '/' || t[1] == '*')) || c == '#';
        if (!comment && c != '\n' && c != '\r' && c != ',' && c != ']' && c != '}' && c != ')')
            return false;
    }
    if (pushed) ws_.values.pop(); // the first operand; the diagnostic names the value's place
    hot_close_ = nullptr;
    next = Next::Fail;
    if (!repair(RepairKind::ExpressionAsString, start, "kept expression")) return true;
    ws_.values.emplace(std::string_view(start, static_cast<std::size_t>(q - start)));
    p_ = q;
    next = Next::AfterValue;
    return true;
}

// After a value, at an operator right after the number just read ({"a": 1/3} read 1): the number
// is the first operand of an expression when nothing but its digits, a '.' and its sign lie
// between the operator and the byte that starts a value (a bounded look back, over the number).
bool Parser::expression_after_number(Next& next) {
    if (p_ == end_ || (*p_ != '/' && *p_ != '*' && *p_ != '+' && *p_ != '-')) return false;
    if (p_ == begin_ || !digit_at(p_ - 1) || ws_.values.size() <= top().first ||
        !ws_.values.top().is_number())
        return false;
    const char* start = p_;
    while (start != begin_ && (digit_at(start - 1) || start[-1] == '.'))
        --start;
    if (start != begin_ && start[-1] == '-') --start;
    if (start != begin_) {
        const auto c = static_cast<unsigned char>(start[-1]);
        if (!is_ws(c) && c != ':' && c != ',' && c != '[' && c != '(' && c != '{') return false;
    }
    return expression(start, true, next);
}

// Numbers the fast path refused: "2.", ".5", "-", "+1", "1e", leading zeros, digit separators
// (82_461_110: an underscore between two digits, as Python and C++ write them), and words that
// start like numbers ("0.0.1", "2024-10-18T...", "-Infinity", a UUID), which are read as text.
Next Parser::number_cold() {
    const char* const start = p_;
    const char* q = start;
    char sign = 0;
    if (*q == '-' || *q == '+') sign = *q++;
    bool separators = false;
    auto digits = [&] {
        const char* from = q;
        while (q != end_) {
            if (digit_at(q)) {
                ++q;
            } else if (*q == '_' && q != from && end_ - q >= 2 && digit_at(q + 1)) {
                separators = true; // after a digit (q != from) and before one
                q += 2;
            } else {
                break;
            }
        }
        return std::string_view(from, static_cast<std::size_t>(q - from));
    };
    // Appends digits without their separators.
    auto append_digits = [](std::string& out, std::string_view d) {
        for (const char c : d)
            if (c != '_') out += c;
    };
    const std::string_view integer = digits();
    bool dot = false;
    std::string_view fraction;
    if (q != end_ && *q == '.') {
        dot = true;
        ++q;
        fraction = digits();
    }
    bool exponent = false;
    char exponent_sign = 0;
    std::string_view exponent_digits;
    if (!(integer.empty() && fraction.empty()) && q != end_ && (*q == 'e' || *q == 'E')) {
        exponent = true;
        ++q;
        if (q != end_ && (*q == '+' || *q == '-')) exponent_sign = *q++;
        exponent_digits = digits();
    }
    if (q != end_ && is_word_char(static_cast<unsigned char>(*q))) {
        // 5-3 or 1.5-2: the '-' made the fast path give up; 1e-5 was read above.
        Next next = Next::Fail;
        if (*q == '-' && !separators && !exponent && expression(start, false, next)) return next;
        return word_value();
    }
    if (integer.empty() && fraction.empty() && !dot && sign != '-') return word_value();
    if (integer.empty() && fraction.empty()) {
        // "-" or "." alone: no digit was written. At the end the value was cut off before its
        // digits (dropped: "[1, - " too, cut after a space); elsewhere it is no number, and -0
        // would be an invented one.
        const char* rest = q;
        while (rest != end_ && is_ws(static_cast<unsigned char>(*rest)))
            ++rest;
        if (rest == end_) return drop_cut_value(start);
        return fail(ErrorKind::InvalidJson, start, "malformed number");
    }
    const auto source = std::string_view(start, static_cast<std::size_t>(q - start));

    if (integer.size() > 1 && integer[0] == '0') {
        // "0789", "-05", "002e3": a code or an identifier rather than a number: keep the text.
        if (!repair(RepairKind::InvalidNumber, start, "kept as string")) return Next::Fail;
        ws_.values.emplace(source);
        hot_close_ = nullptr;
        p_ = q;
        return Next::AfterValue;
    }

    // Separators group thousands (82_461_110): 20240101_123000 or 2024_01_15 is a timestamp or a
    // date, which stays text.
    if (separators && integer.find('_') != std::string_view::npos) {
        const std::size_t first = integer.find('_');
        bool thousands = first >= 1 && first <= 3;
        for (std::size_t i = first; thousands && i < integer.size(); i += 4)
            thousands = integer[i] == '_' && integer.size() - i >= 4 &&
                        integer.substr(i + 1, 3).find('_') == std::string_view::npos;
        // Or one separator between two short groups (4_2).
        const bool one_short = integer.find('_', first + 1) == std::string_view::npos &&
                               first <= 3 && integer.size() - first - 1 <= 3;
        if (!thousands && !one_short) return word_value();
    }
    if (separators && !repair(RepairKind::DigitSeparator, start, "removed '_'"))
        return Next::Fail;
    std::string lexeme;
    if (sign == '-') lexeme += '-';
    append_digits(lexeme, integer.empty() ? std::string_view("0") : integer);
    if (dot) {
        lexeme += '.';
        append_digits(lexeme, fraction.empty() ? std::string_view("0") : fraction);
    }
    if (exponent) {
        lexeme += 'e';
        if (exponent_sign) lexeme += exponent_sign;
        append_digits(lexeme, exponent_digits.empty() ? std::string_view("0") : exponent_digits);
    }
    std::string plain; // the source without its separators
    if (separators) append_digits(plain, source);
    const bool digits_missing_at_end = (dot && fraction.empty()) ||
                                       (exponent && exponent_digits.empty()) ||
                                       (integer.empty() && fraction.empty());
    bool cut_exponent = false; // [2e, or [2e : the text ends after the number's delimiter
    if (q != end_ && exponent && exponent_digits.empty()) {
        // {"a": 1e, "b": 2}: an exponent without digits, not cut off by the end; 1e0 would
        // invent it, 1 would drop what the model wrote. (The look stops at the first byte that
        // is neither white space nor a comma: linear.)
        const char* rest = q;
        while (rest != end_ && (is_ws(static_cast<unsigned char>(*rest)) || *rest == ','))
            ++rest;
        if (rest != end_)
            return fail(ErrorKind::InvalidJson, start, "a number's exponent has no digits");
        cut_exponent = true;
    }
    if (q == end_ && exponent && exponent_digits.empty()) {
        // "12e" cut off by the end: its exponent is unknown ("12e3"), so the value is dropped
        // (and its key), as "-" alone is; "12e0" would invent it.
        return drop_cut_value(start);
    } else if ((q == end_ && digits_missing_at_end) || cut_exponent) {
        // "1." is a number as Python and JavaScript write it: 1.0, Risky since more may follow.
        // "[2e," (the text cut off after the number's delimiter): 2e0, Risky likewise.
        if (!complete(RepairKind::TruncatedCompleted, start, start, "completed value"))
            return Next::Fail;
    } else if (lexeme != (separators ? std::string_view(plain) : source)) {
        if (!repair(RepairKind::InvalidNumber, start, "fixed number")) return Next::Fail;
    }
    bool integral = false;
    if (!number_detail::is_json_number(lexeme, integral))
        return fail(ErrorKind::InvalidJson, start, "malformed number");
    ws_.values.emplace(number_detail::make_number(lexeme, integral));
    p_ = q;
    return Next::AfterValue;
}

} // namespace laminate::parse_detail
