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

// The parsers below walk raw pointers with the character tests written inline: clang 14's
// constant evaluator is slow per operation, and this is where most of reflection's compile time
// goes (about 3x faster than the same loops over std::string_view members).

constexpr bool is_identifier_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80; // UTF-8 identifiers
}

// "bar" in "(& fake<ns::Foo>.ns::Foo::bar))}" and "Red" in "ns::Color::Red".
constexpr std::string_view last_identifier(std::string_view s) noexcept {
    const char* p = s.data();
    std::size_t end = s.size();
    while (end > 0 && !is_identifier_char(p[end - 1])) --end;
    std::size_t begin = end;
    while (begin > 0 && is_identifier_char(p[begin - 1])) --begin;
    return std::string_view(p + begin, end - begin);
}

// The arguments of a pretty_args<...>() spelling, split at top-level commas. `count` differs
// from N when the spelling could not be read (callers then fall back to one argument per
// instantiation).
template <std::size_t N>
struct Arguments {
    std::array<std::string_view, N> items{};
    std::size_t count = 0;
};

template <std::size_t N>
constexpr Arguments<N> split_arguments(std::string_view pretty) noexcept {
    Arguments<N> out;
    const char* p = pretty.data();
    const std::size_t size = pretty.size();
    std::size_t i = 0;
    while (i < size && p[i] != '[') ++i;
    while (i + 1 < size && !(p[i] == '=' && p[i + 1] == ' ')) ++i;
    i += 2;
    if (i >= size || (p[i] != '{' && p[i] != '<')) return out;
    std::size_t start = ++i;
    std::size_t found = 0;
    int depth = 0;
    for (; i < size; ++i) {
        const char c = p[i];
        if (c == '(' || c == '[' || c == '{' || c == '<') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}' || c == '>') {
            if (depth == 0) break; // the end of the list
            --depth;
        } else if (c == ',' && depth == 0) {
            if (found < N) out.items[found] = std::string_view(p + start, i - start);
            ++found;
            start = i + 1;
            while (start < size && p[start] == ' ') ++start;
        }
    }
    if (i >= size) return out; // unterminated
    if (found > 0 || i > start) {
        if (found < N) out.items[found] = std::string_view(p + start, i - start);
        ++found;
    }
    out.count = found;
    return out;
}

// An enumerator prints as its (qualified) name; a value without one prints as a cast,
// "(Type)5" or "(Type)-5", where Type may itself contain parentheses.
constexpr std::string_view enumerator_name(std::string_view argument) noexcept {
    const char* p = argument.data();
    const std::size_t size = argument.size();
    if (size > 0 && p[0] == '(') {
        std::size_t i = 0;
        int depth = 0;
        for (; i < size; ++i) {
            if (p[i] == '(') ++depth;
            else if (p[i] == ')' && --depth == 0) break;
        }
        if (i + 1 < size && (p[i + 1] == '-' || (p[i + 1] >= '0' && p[i + 1] <= '9'))) return {};
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
    static constexpr auto raw = Source::raw();
    static constexpr std::size_t count = raw.size();
    static constexpr std::array<char, interned_size<Source>()> chars = [] {
        std::array<char, interned_size<Source>()> out{};
        std::size_t at = 0;
        for (std::string_view name : raw) {
            for (char c : name) out[at++] = c;
            out[at++] = '\0';
        }
        return out;
    }();
    static constexpr std::array<std::string_view, count> names = [] {
        std::array<std::string_view, count> out{};
        std::size_t at = 0, i = 0;
        for (std::string_view name : raw) {
            out[i++] = std::string_view(chars.data() + at, name.size());
            at += name.size() + 1;
        }
        return out;
    }();
};

} // namespace laminate::reflect::detail
