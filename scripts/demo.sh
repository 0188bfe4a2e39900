#!/usr/bin/env bash
# Quick start, command one: install what is missing, build, and run the main job — the
# laminate CLI repairing and extracting real messy model outputs from examples/.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target laminate_cli

bin=build/bin/laminate
for f in examples/messy/*.txt; do
  echo "== $f"
  echo "-- laminate extract"
  "$bin" extract < "$f" || true
done
echo
echo "== examples/messy/batch.jsonl through 'laminate repair --jsonl'"
"$bin" repair --jsonl < examples/messy/batch.jsonl || true
