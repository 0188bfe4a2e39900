// Must not compile: a raw pointer member has no JSON form.
#include <laminate/shape.hpp>

struct WithPointer {
    int* count;
};

int main() { return laminate::from_value<WithPointer>(laminate::Value::object()) ? 0 : 1; }
