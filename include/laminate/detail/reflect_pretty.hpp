#pragma once
// Reading names out of the compiler's own spelling of a template instantiation.
//
// g++ and clang both spell the template arguments of a function in __PRETTY_FUNCTION__:
//   g++:   "... pretty_args() [with auto ...V = {ns::Color::Red, (ns::Color)1}; ...]"
//   clang: "... pretty_args() [V = <ns::Color::Red, (ns::Color)1>]"
// Enumerator names and member names are the last identifier of each argument. One
// instantiation carries a whole pack of arguments, which keeps compile time low; everything
// here runs during constant evaluation and nothing of the spelling reaches the binary.

#include <array>
#include <cstddef>
#include <string_view>

namespace laminate::reflect::detail {

template <auto... V>
consteval std::string_view pretty_args() noexcept {
    return __PRETTY_FUNCTION__;
}

constexpr bool is_identifier_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80; // UTF-8 identifiers
}

constexpr bool is_opening(char c) noexcept { return c == '(' || c == '[' || c == '{' || c == '<'; }
constexpr bool is_closing(char c) noexcept { return c == ')' || c == ']' || c == '}' || c == '>'; }

// Index just past the bracket that closes the one at `open`, or npos.
constexpr std::size_t matching_close(std::string_view s, std::size_t open) noexcept {
    int depth = 0;
    for (std::size_t i = open; i < s.size(); ++i) {
        if (is_opening(s[i])) ++depth;
        else if (is_closing(s[i]) && --depth == 0) return i + 1;
    }
    return std::string_view::npos;
}

// "bar" in "(& fake<ns::Foo>.ns::Foo::bar))}" and "Red" in "ns::Color::Red".
constexpr std::string_view last_identifier(std::string_view s) noexcept {
    std::size_t end = s.size();
    while (end > 0 && !is_identifier_char(s[end - 1])) --end;
    std::size_t begin = end;
    while (begin > 0 && is_identifier_char(s[begin - 1])) --begin;
    return s.substr(begin, end - begin);
}

// The arguments of a pretty_args<...>() spelling, split at top-level commas. `count` differs
// from N when the spelling could not be read (the caller then falls back to one argument per
// instantiation).
template <std::size_t N>
struct Arguments {
    std::array<std::string_view, N> items{};
    std::size_t count = 0;
};

template <std::size_t N>
constexpr Arguments<N> split_arguments(std::string_view pretty) noexcept {
    Arguments<N> out;
    const std::size_t bracket = pretty.find('[');
    const std::size_t equals = pretty.find("= ", bracket == std::string_view::npos ? 0 : bracket);
    if (equals == std::string_view::npos) return out;
    const std::size_t open = equals + 2;
    const std::size_t close = matching_close(pretty, open);
    if (open >= pretty.size() || (pretty[open] != '{' && pretty[open] != '<') || close == std::string_view::npos)
        return out;
    const std::string_view list = pretty.substr(open + 1, close - open - 2);
    if (list.empty()) return out;
    std::size_t start = 0;
    int depth = 0;
    for (std::size_t i = 0; i <= list.size(); ++i) {
        if (i == list.size() || (depth == 0 && list[i] == ',')) {
            if (out.count == N) return Arguments<N>{{}, N + 1}; // more than expected: unreadable
            std::string_view item = list.substr(start, i - start);
            while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
            out.items[out.count++] = item;
            start = i + 1;
        } else if (is_opening(list[i])) {
            ++depth;
        } else if (is_closing(list[i])) {
            --depth;
        }
    }
    return out;
}

// An enumerator prints as its (qualified) name; a value without one prints as a cast,
// "(Type)5" or "(Type)-5", where Type may itself contain parentheses.
constexpr std::string_view enumerator_name(std::string_view argument) noexcept {
    if (!argument.empty() && argument.front() == '(') {
        const std::size_t after = matching_close(argument, 0);
        if (after == std::string_view::npos) return {};
        if (after < argument.size() && (argument[after] == '-' || (argument[after] >= '0' && argument[after] <= '9')))
            return {};
    }
    return last_identifier(argument);
}

// Names copied out of the compiler's spelling into one static character array, so the strings
// referenced at run time are exactly the names, each followed by a '\0' (data() is a C string).
// Source::raw() is consteval and returns std::array<std::string_view, N>. (Free functions:
// clang cannot call a member function of a class from the initializer of its static members.)
template <class Source>
consteval std::size_t interned_size() {
    std::size_t total = 0;
    for (std::string_view name : Source::raw()) total += name.size() + 1;
    return total;
}

template <class Source>
struct InternedNames {
    static constexpr std::size_t count = Source::raw().size();
    static constexpr std::array<char, interned_size<Source>()> chars = [] {
        std::array<char, interned_size<Source>()> out{};
        std::size_t at = 0;
        for (std::string_view name : Source::raw()) {
            for (char c : name) out[at++] = c;
            out[at++] = '\0';
        }
        return out;
    }();
    static constexpr std::array<std::string_view, count> names = [] {
        std::array<std::string_view, count> out{};
        std::size_t at = 0, i = 0;
        for (std::string_view name : Source::raw()) {
            out[i++] = std::string_view(chars.data() + at, name.size());
            at += name.size() + 1;
        }
        return out;
    }();
};

} // namespace laminate::reflect::detail
