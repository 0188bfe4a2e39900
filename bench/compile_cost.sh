#!/usr/bin/env bash
# Compile cost of typed shaping: compiles a TU that shapes a 50-field struct (from_json, which
# instantiates the fast path and the Value path, plus to_json) and the same TU with a 1-field
# struct, and reports the seconds of each and the growth of the linked binary. A 10-field TU (each
# of the ten member types once) separates what each member type costs from what each field does.
#   bench/compile_cost.sh [build-dir]      (needs <build-dir>/liblaminate.a; default: build)
# CXX and CXXFLAGS are honoured (default: g++, -O2, as a user's release build would).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
cxx=${CXX:-g++}
flags=${CXXFLAGS:--O2}
lib=$build/liblaminate.a
[[ -f $lib ]] || { echo "compile_cost.sh: $lib not found (build the laminate target first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The 50-field struct of tests/shape/large_struct_test.cpp: ten types, five times each.
types=('std::string' 'std::int32_t' 'std::uint16_t' 'bool' 'double' 'std::optional<std::int64_t>' 'Color'
       'std::vector<int>' 'Point' 'std::map<std::string, double>')
tu() { # tu <fields> <file>
    {
        echo '#include <laminate/laminate.hpp>'
        echo '#include <cstdio>'
        echo '#include <map>'
        echo 'enum class Color { Red, Green, Blue };'
        echo 'struct Point { int x; int y; };'
        echo 'struct Wide {'
        for ((i = 0; i < $1; i++)); do echo "    ${types[i % 10]} f$i;"; done
        echo '};'
        echo 'int main(int argc, char** argv) {'
        echo '    auto r = laminate::from_json<Wide>(argc > 1 ? argv[1] : "{}");'
        echo '    if (r) std::puts(laminate::to_json(r->value).c_str());'
        echo '    return r ? 0 : 1;'
        echo '}'
    } > "$2"
}
measure() { # measure <fields> -> "seconds bytes"
    tu "$1" "$work/wide$1.cpp"
    # CPU seconds (user + sys), which a loaded machine distorts less than wall time.
    /usr/bin/time -f '%U %S %e' -o "$work/time$1" \
        $cxx -std=c++20 $flags -I"$here/include" -c "$work/wide$1.cpp" -o "$work/wide$1.o"
    $cxx "$work/wide$1.o" "$lib" -o "$work/wide$1"
    strip -o "$work/wide$1.stripped" "$work/wide$1"
    read -r user sys wall < "$work/time$1"
    echo "$(echo "$user + $sys" | bc) $wall $(stat -c %s "$work/wide$1.stripped")"
}
read -r t1 w1 s1 < <(measure 1)
read -r t10 w10 s10 < <(measure 10)
read -r t50 w50 s50 < <(measure 50)
printf 'compile (%s %s), CPU seconds: 1 field %.2f s, 10 fields (each type once) %.2f s, 50 fields %.2f s (wall %.2f / %.2f / %.2f s, load %s)\n' \
    "$cxx" "$flags" "$t1" "$t10" "$t50" "$w1" "$w10" "$w50" "$(cut -d' ' -f1 /proc/loadavg)"
printf 'stripped binary: 1 field %d bytes, 50 fields %d bytes, growth %d bytes (%.1f KiB)\n' \
    "$s1" "$s50" "$((s50 - s1))" "$(echo "($s50 - $s1) / 1024" | bc -l)"
