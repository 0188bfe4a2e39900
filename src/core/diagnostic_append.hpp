#pragma once
// Appending a Diagnostic that the caller fills in place.

#include <laminate/diagnostic.hpp>

namespace laminate::detail {

// Appends a default-initialized Diagnostic and returns it. Not `emplace_back()`: that
// value-initializes, which for an aggregate zero-fills every byte before running the member
// initializers anyway, and g++ 12 does it with `rep stos` over the 184 bytes (9% of W3's time
// went there). `Diagnostic{...}` with the members spelled out fares no better: g++ clears the
// object first when most of its members are empty.
inline Diagnostic& append_diagnostic(Diagnostics& ds) {
    struct DefaultInitialized {
        operator Diagnostic() const { // NOLINT: implicit on purpose, so emplace_back builds in place
            Diagnostic d;
            return d;
        }
    };
    return ds.emplace_back(DefaultInitialized{});
}

} // namespace laminate::detail
