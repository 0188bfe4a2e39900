// Must not compile: a Describe specialization with fewer names than members.
#include <laminate/reflect.hpp>

struct Pair {
    int a;
    int b;
};

template <>
struct laminate::Describe<Pair> {
    static constexpr auto members = std::tuple{&Pair::a, &Pair::b};
    static constexpr std::array<std::string_view, 1> names{"a"};
};

int main() { return static_cast<int>(laminate::reflect::field_count<Pair>); }
