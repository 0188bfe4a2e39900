// Must not compile: T{} is ill-formed with a reference member.
#include <laminate/reflect.hpp>

struct WithReference {
    int& ref;
};

int main() {
    int x = 0;
    WithReference w{x};
    int visited = 0;
    laminate::reflect::for_each_field(w, [&](auto, auto&) { ++visited; });
    return visited;
}
