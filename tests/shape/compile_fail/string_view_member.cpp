// Must not compile: a std::string_view member cannot own text read from JSON; the error names
// the member and says to use std::string.
#include <laminate/shape.hpp>

#include <string_view>

struct Ticket {
    int id;
    std::string_view summary;
};

int main() { return laminate::from_value<Ticket>(laminate::Value::object()) ? 0 : 1; }
