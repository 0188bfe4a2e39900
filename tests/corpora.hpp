#pragma once
// Locating ../shared/corpora for tests; tests skip with a clear message when it is absent.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace laminate::test {

inline std::filesystem::path corpora_dir() {
    if (const char* env = std::getenv("LAMINATE_CORPORA_DIR")) return env;
    return LAMINATE_CORPORA_DIR;
}

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace laminate::test

// Skips the current test when a corpus file is missing.
#define LAMINATE_REQUIRE_CORPUS(path)                                                              \
    do {                                                                                           \
        if (!std::filesystem::exists(path))                                                        \
            GTEST_SKIP() << "corpus not found: " << (path).string()                                \
                         << " (expected ../shared/corpora beside the repository)";                 \
    } while (0)
