// A program of a project that uses laminate: parse a JSON string, validate it, print a value from it.
// Built by tests/package/run_consumer.cmake against laminate from add_subdirectory and from an
// installed prefix (find_package); its output is checked there.
#include <laminate/laminate.hpp>
#ifdef LAMINATE_CONSUMER_LM
#include <laminate/lm/provider.hpp>
#endif

#include <iostream>

int main() {
    auto parsed = laminate::parse(R"({"name": "laminate", "sizes": [1, 2, 3]})");
    if (!parsed) {
        std::cerr << parsed.error() << '\n';
        return 1;
    }
    const laminate::Value& v = parsed->value;
    // Schema validation links RE2, a private dependency the package must bring along.
    auto schema = laminate::Schema::compile_json(R"({"properties": {"name": {"pattern": "^lam"}}})");
    if (!schema || !schema->validate(v).valid) {
        std::cerr << "schema validation failed\n";
        return 1;
    }
#ifdef LAMINATE_CONSUMER_LM
    // The program layer links too (libcurl, threads).
    if (laminate::lm::strategy_name(laminate::lm::Strategy::NativeSchema) != "native_schema") return 1;
#endif
    std::cout << "name=" << v["name"].as_string() << " sizes=" << v["sizes"].size() << " version=" << laminate::version
              << '\n';
    return 0;
}
