// Must not compile: shape_strict takes a parsed Value; model text goes to from_json / from_llm_response.
#include <laminate/shape.hpp>

#include <string>

struct Flight {
    std::string origin;
};

int main() {
    std::string text = R"({"origin": "OSL"})";
    return laminate::shape_strict<Flight>(text) ? 0 : 1;
}
