// Must not compile: structured bindings cannot reach members of both a base and the derived class.
#include <laminate/reflect.hpp>

struct Base {
    int inherited;
};
struct Derived : Base {
    int own;
};

int main() {
    Derived d{};
    return static_cast<int>(std::tuple_size_v<decltype(laminate::reflect::tie_fields(d))>);
}
