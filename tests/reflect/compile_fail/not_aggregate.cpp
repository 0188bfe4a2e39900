// Must not compile: a class with a constructor needs LAMINATE_REFLECT or laminate::Describe.
#include <laminate/reflect.hpp>

class WithConstructor {
public:
    explicit WithConstructor(int v) : v_(v) {}

private:
    int v_;
};

int main() { return static_cast<int>(laminate::reflect::field_count<WithConstructor>); }
