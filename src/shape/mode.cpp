#include <laminate/mode.hpp>

namespace laminate {

std::string_view level_name(CoercionLevel level) noexcept {
    switch (level) {
    case CoercionLevel::Exact: return "exact";
    case CoercionLevel::SafeWidening: return "safe_widening";
    case CoercionLevel::StringCoercion: return "string_coercion";
    case CoercionLevel::BestEffort: return "best_effort";
    }
    return "unknown";
}

std::string_view mode_name(Mode mode) noexcept {
    switch (mode) {
    case Mode::Lenient: return "lenient";
    case Mode::Absorbing: return "absorbing";
    case Mode::Strict: return "strict";
    }
    return "unknown";
}

Result<DynamicMode> DynamicMode::parse(std::string_view text) {
    for (Mode m : {Mode::Lenient, Mode::Absorbing, Mode::Strict})
        if (text == mode_name(m)) return DynamicMode(m);
    // The text is configuration, but it is not echoed: errors never carry input.
    return Error(ErrorKind::InvalidArgument, "unknown mode: expected lenient, absorbing or strict");
}

} // namespace laminate
