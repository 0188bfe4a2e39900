// A program of a project that uses laminate: parse a JSON string, print a value from it.
// Built by tests/package/run_consumer.cmake against laminate from add_subdirectory and from an
// installed prefix (find_package); its output is checked there.
#include <laminate/laminate.hpp>

#include <iostream>

int main() {
    auto parsed = laminate::parse(R"({"name": "laminate", "sizes": [1, 2, 3]})");
    if (!parsed) {
        std::cerr << parsed.error() << '\n';
        return 1;
    }
    const laminate::Value& v = parsed->value;
    std::cout << "name=" << v["name"].as_string() << " sizes=" << v["sizes"].size() << '\n';
    return 0;
}
