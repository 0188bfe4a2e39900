#pragma once
// Result<T>: a value or an Error, in the manner of std::expected (C++23), which g++ 12 does not
// offer in C++20 mode. No exceptions on the hot path; value() on an error throws BadResultAccess
// so that misuse is loud rather than undefined. A module with errors of its own (the program
// layer's lm::Error) uses Result<T, E>; E needs only to_string() for BadResultAccess.

#include <laminate/error.hpp>

#include <stdexcept>
#include <type_traits>
#include <utility>
#include <variant>

namespace laminate {

class BadResultAccess : public std::logic_error {
public:
    template <class E>
    explicit BadResultAccess(const E& e)
        : std::logic_error("laminate::Result accessed without a value: " + e.to_string()) {}
};

template <class T, class E = Error>
class [[nodiscard]] Result {
    static_assert(!std::is_reference_v<T>, "Result<T&> is not supported");
    static_assert(!std::is_same_v<std::remove_cv_t<T>, E>, "Result<E, E> is ambiguous");

public:
    using value_type = T;

    Result(const T& v) : data_(std::in_place_index<0>, v) {}
    Result(T&& v) : data_(std::in_place_index<0>, std::move(v)) {}
    Result(E e) : data_(std::in_place_index<1>, std::move(e)) {}
    template <class... Args>
    explicit Result(std::in_place_t, Args&&... args)
        : data_(std::in_place_index<0>, std::forward<Args>(args)...) {}

    bool has_value() const noexcept { return data_.index() == 0; }
    explicit operator bool() const noexcept { return has_value(); }

    T& value() & { check(); return std::get<0>(data_); }
    const T& value() const& { check(); return std::get<0>(data_); }
    T&& value() && { check(); return std::get<0>(std::move(data_)); }

    T& operator*() & noexcept { return *std::get_if<0>(&data_); }
    const T& operator*() const& noexcept { return *std::get_if<0>(&data_); }
    T&& operator*() && noexcept { return std::move(*std::get_if<0>(&data_)); }
    T* operator->() noexcept { return std::get_if<0>(&data_); }
    const T* operator->() const noexcept { return std::get_if<0>(&data_); }

    // Precondition: !has_value().
    const E& error() const& noexcept { return *std::get_if<1>(&data_); }
    E&& error() && noexcept { return std::move(*std::get_if<1>(&data_)); }

    template <class U>
    T value_or(U&& fallback) const& {
        return has_value() ? **this : static_cast<T>(std::forward<U>(fallback));
    }

private:
    void check() const {
        if (!has_value()) throw BadResultAccess(std::get<1>(data_));
    }
    std::variant<T, E> data_;
};

} // namespace laminate
