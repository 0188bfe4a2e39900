// Must not compile: a class with a constructor is neither reflectable nor given a Shaper.
#include <laminate/shape.hpp>

class Opaque {
public:
    explicit Opaque(int v) : v_(v) {}

private:
    int v_;
};

int main() { return laminate::from_value<Opaque>(laminate::Value(1)) ? 0 : 1; }
