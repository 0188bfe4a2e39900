#!/usr/bin/env bash
# Quick start, command two: install what is missing, build, and run the whole test suite —
# release (g++), address+undefined sanitizers (g++), and clang 14 with the libFuzzer targets
# run briefly. Each build's ctest must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
jobs=$(nproc)

for preset in release asan clang-fuzz; do
  echo "=== preset: $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
