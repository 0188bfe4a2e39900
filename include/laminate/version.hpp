#pragma once

#define LAMINATE_VERSION_MAJOR 0
#define LAMINATE_VERSION_MINOR 1
#define LAMINATE_VERSION_PATCH 0

namespace laminate {
inline constexpr const char* version = "0.1.0";
} // namespace laminate
