#!/usr/bin/env bash
# Quick start, command two: install what is missing, build, and run the whole test suite —
# release (g++, with the packaging tests), then clang 14 under address+undefined sanitizers
# with the libFuzzer targets run briefly. Each build's ctest must pass: the first failure stops
# the script with a non-zero status and ctest's summary as the last lines.
#
# The g++ `asan` preset runs the same suite under the same two sanitizers with the other
# compiler; it is not in the default set because on a 2-core CI machine it doubled the time of
# the run (a third full build) while the clang-fuzz build already runs every test sanitized.
#
#   scripts/test.sh                 release, clang-fuzz
#   scripts/test.sh asan            only these (any of release, asan, clang-fuzz, debug)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
presets=("$@")
if ((${#presets[@]} == 0)); then presets=(release clang-fuzz); fi

for preset in "${presets[@]}"; do
  echo "=== preset: $preset"
  start=$SECONDS
  log=$(mktemp)
  # Configure quietly, but show everything if it fails.
  if ! cmake --preset "$preset" >"$log" 2>&1; then
    cat "$log"
    rm -f "$log"
    echo "=== preset $preset: configure failed" >&2
    exit 1
  fi
  rm -f "$log"
  cmake --build --preset "$preset" -j "$jobs"
  echo "=== preset $preset: configured and built in $((SECONDS - start)) s; testing"
  ctest --preset "$preset" -j "$jobs"
done
