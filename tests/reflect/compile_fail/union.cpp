// Must not compile: which member of a union is active cannot be known.
#include <laminate/reflect.hpp>

union Either {
    int i;
    float f;
};

int main() { return static_cast<int>(laminate::reflect::field_names<Either>().size()); }
