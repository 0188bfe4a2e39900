#include "schema/validate/formats.hpp"

#include <cstddef>

namespace laminate::schema_detail {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// n digits at s[i..], as a number; -1 when they are not all digits.
int digits(std::string_view s, std::size_t i, std::size_t n) {
    if (i + n > s.size()) return -1;
    int v = 0;
    for (std::size_t k = i; k < i + n; ++k) {
        if (!is_digit(s[k])) return -1;
        v = v * 10 + (s[k] - '0');
    }
    return v;
}

bool is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool full_date(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    const int y = digits(s, 0, 4), m = digits(s, 5, 2), d = digits(s, 8, 2);
    if (y < 0 || m < 1 || m > 12 || d < 1) return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int max_day = m == 2 && is_leap(y) ? 29 : days[m - 1];
    return d <= max_day;
}

// RFC 3339 full-time: HH:MM:SS[.frac](Z|+HH:MM|-HH:MM). A leap second (:60) must fall on
// 23:59 UTC.
bool full_time(std::string_view s) {
    if (s.size() < 9 || s[2] != ':' || s[5] != ':') return false;
    const int h = digits(s, 0, 2), m = digits(s, 3, 2), sec = digits(s, 6, 2);
    if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60) return false;
    std::size_t i = 8;
    if (i < s.size() && s[i] == '.') {
        const std::size_t start = ++i;
        while (i < s.size() && is_digit(s[i])) ++i;
        if (i == start) return false;
    }
    if (i >= s.size()) return false;
    int offset_minutes = 0;
    if (s[i] == 'Z' || s[i] == 'z') {
        if (i + 1 != s.size()) return false;
    } else if (s[i] == '+' || s[i] == '-') {
        if (s.size() != i + 6 || s[i + 3] != ':') return false;
        const int oh = digits(s, i + 1, 2), om = digits(s, i + 4, 2);
        if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
        offset_minutes = (oh * 60 + om) * (s[i] == '+' ? 1 : -1);
    } else {
        return false;
    }
    if (sec == 60) {
        const int utc = ((h * 60 + m - offset_minutes) % 1440 + 1440) % 1440;
        if (utc != 23 * 60 + 59) return false;
    }
    return true;
}

bool date_time(std::string_view s) {
    if (s.size() < 11 || (s[10] != 'T' && s[10] != 't')) return false;
    return full_date(s.substr(0, 10)) && full_time(s.substr(11));
}

bool ipv4(std::string_view s) {
    int parts = 0;
    std::size_t i = 0;
    while (true) {
        const std::size_t start = i;
        int v = 0;
        while (i < s.size() && is_digit(s[i]) && i - start < 3) v = v * 10 + (s[i++] - '0');
        const std::size_t len = i - start;
        if (len == 0 || v > 255 || (len > 1 && s[start] == '0')) return false;
        ++parts;
        if (i == s.size()) break;
        if (s[i] != '.' || parts == 4) return false;
        ++i;
    }
    return parts == 4;
}

bool ipv6(std::string_view s) {
    if (s.empty()) return false;
    int groups = 0;
    bool compressed = false;
    std::size_t i = 0;
    if (s.substr(0, 2) == "::") {
        compressed = true;
        i = 2;
        if (i == s.size()) return true;
    } else if (s[0] == ':') {
        return false;
    }
    while (i < s.size()) {
        const std::size_t start = i;
        while (i < s.size() && is_hex(s[i]) && i - start < 5) ++i;
        if (i < s.size() && s[i] == '.') { // a trailing dotted quad takes two groups
            if (!ipv4(s.substr(start))) return false;
            groups += 2;
            i = s.size();
            break;
        }
        const std::size_t len = i - start;
        if (len == 0 || len > 4) return false;
        ++groups;
        if (i == s.size()) break;
        if (s[i] != ':') return false;
        ++i;
        if (i < s.size() && s[i] == ':') {
            if (compressed) return false;
            compressed = true;
            ++i;
            if (i == s.size()) break;
        } else if (i == s.size()) {
            return false; // a single trailing ':'
        }
    }
    return compressed ? groups <= 7 : groups == 8;
}

bool hostname(std::string_view s) {
    if (!s.empty() && s.back() == '.') s.remove_suffix(1);
    if (s.empty() || s.size() > 253) return false;
    std::size_t label = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == '.') {
            if (label == 0 || label > 63 || s[i - 1] == '-') return false;
            label = 0;
            continue;
        }
        const char c = s[i];
        if (!is_alpha(c) && !is_digit(c) && c != '-') return false;
        if (label == 0 && c == '-') return false;
        ++label;
    }
    return true;
}

bool atext(char c) {
    if (is_alpha(c) || is_digit(c)) return true;
    for (char a : std::string_view("!#$%&'*+-/=?^_`{|}~"))
        if (c == a) return true;
    return false;
}

// A practical RFC 5321 mailbox: dot-atom or quoted local part, hostname or [address] domain.
bool email(std::string_view s) {
    const std::size_t at = s.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == s.size()) return false;
    const std::string_view local = s.substr(0, at), domain = s.substr(at + 1);
    if (local.size() > 64) return false;
    if (local.front() == '"') {
        if (local.size() < 2 || local.back() != '"') return false;
        for (std::size_t i = 1; i + 1 < local.size(); ++i) {
            const auto c = static_cast<unsigned char>(local[i]);
            if (c == '\\') { ++i; continue; }
            if (c == '"' || c < 0x20 || c > 0x7E) return false;
        }
    } else {
        if (local.front() == '.' || local.back() == '.') return false;
        for (std::size_t i = 0; i < local.size(); ++i) {
            if (local[i] == '.') {
                if (local[i + 1] == '.') return false;
            } else if (!atext(local[i])) {
                return false;
            }
        }
    }
    if (domain.front() == '[') {
        if (domain.back() != ']') return false;
        const std::string_view inner = domain.substr(1, domain.size() - 2);
        if (inner.substr(0, 5) == "IPv6:") return ipv6(inner.substr(5));
        return ipv4(inner);
    }
    return hostname(domain);
}

bool uuid(std::string_view s) {
    if (s.size() != 36) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !is_hex(s[i])) return false;
    }
    return true;
}

bool uri_char(char c, std::string_view extra) {
    if (is_alpha(c) || is_digit(c)) return true;
    for (char a : std::string_view("-._~!$&'()*+,;="))
        if (c == a) return true;
    for (char a : extra)
        if (c == a) return true;
    return false;
}

// Characters of a URI component, percent-encodings checked.
bool uri_part(std::string_view s, std::string_view extra) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            if (i + 2 >= s.size() || !is_hex(s[i + 1]) || !is_hex(s[i + 2])) return false;
            i += 2;
        } else if (!uri_char(s[i], extra)) {
            return false;
        }
    }
    return true;
}

// RFC 3986 URI (absolute, a fragment allowed): scheme ":" hier-part ["?" query] ["#" fragment].
bool uri(std::string_view s) {
    std::size_t i = 0;
    if (s.empty() || !is_alpha(s[0])) return false;
    while (i < s.size() && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) ++i;
    if (i == s.size() || s[i] != ':') return false;
    std::string_view rest = s.substr(i + 1);
    std::string_view fragment, query;
    if (const auto h = rest.find('#'); h != std::string_view::npos) {
        fragment = rest.substr(h + 1);
        rest = rest.substr(0, h);
    }
    if (const auto q = rest.find('?'); q != std::string_view::npos) {
        query = rest.substr(q + 1);
        rest = rest.substr(0, q);
    }
    if (!uri_part(fragment, ":@/?") || !uri_part(query, ":@/?")) return false;
    if (rest.substr(0, 2) == "//") {
        rest.remove_prefix(2);
        const auto slash = rest.find('/');
        std::string_view authority = rest.substr(0, slash);
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash);
        if (const auto at = authority.rfind('@'); at != std::string_view::npos) {
            if (!uri_part(authority.substr(0, at), ":")) return false;
            authority.remove_prefix(at + 1);
        }
        std::string_view host = authority, port;
        if (!authority.empty() && authority[0] == '[') {
            const auto close = authority.find(']');
            if (close == std::string_view::npos) return false;
            if (!ipv6(authority.substr(1, close - 1))) return false;
            host = {};
            const std::string_view after = authority.substr(close + 1);
            if (!after.empty()) {
                if (after[0] != ':') return false;
                port = after.substr(1);
            }
        } else if (const auto colon = authority.rfind(':'); colon != std::string_view::npos) {
            host = authority.substr(0, colon);
            port = authority.substr(colon + 1);
        }
        for (char c : port)
            if (!is_digit(c)) return false;
        if (!uri_part(host, "")) return false;
    }
    return uri_part(rest, ":@/");
}

} // namespace

Format format_from_name(std::string_view name) noexcept {
    if (name == "date") return Format::Date;
    if (name == "date-time") return Format::DateTime;
    if (name == "time") return Format::Time;
    if (name == "email") return Format::Email;
    if (name == "uuid") return Format::Uuid;
    if (name == "uri") return Format::Uri;
    if (name == "ipv4") return Format::Ipv4;
    if (name == "ipv6") return Format::Ipv6;
    if (name == "hostname") return Format::Hostname;
    return Format::None;
}

bool matches_format(Format f, std::string_view s) noexcept {
    switch (f) {
    case Format::None: return true;
    case Format::Date: return full_date(s);
    case Format::DateTime: return date_time(s);
    case Format::Time: return full_time(s);
    case Format::Email: return email(s);
    case Format::Uuid: return uuid(s);
    case Format::Uri: return uri(s);
    case Format::Ipv4: return ipv4(s);
    case Format::Ipv6: return ipv6(s);
    case Format::Hostname: return hostname(s);
    }
    return true;
}

std::string_view format_description(Format f) noexcept {
    switch (f) {
    case Format::None: return "a string";
    case Format::Date: return "a date (RFC 3339 full-date, e.g. 2024-05-31)";
    case Format::DateTime: return "a date-time (RFC 3339, e.g. 2024-05-31T14:30:00Z)";
    case Format::Time: return "a time (RFC 3339 full-time, e.g. 14:30:00Z)";
    case Format::Email: return "an email address (e.g. name@example.com)";
    case Format::Uuid: return "a UUID (e.g. 123e4567-e89b-12d3-a456-426614174000)";
    case Format::Uri: return "an absolute URI (RFC 3986, e.g. https://example.com/path)";
    case Format::Ipv4: return "an IPv4 address (e.g. 192.168.0.1)";
    case Format::Ipv6: return "an IPv6 address (e.g. 2001:db8::1)";
    case Format::Hostname: return "a hostname (RFC 1123, e.g. api.example.com)";
    }
    return "a string";
}

} // namespace laminate::schema_detail
