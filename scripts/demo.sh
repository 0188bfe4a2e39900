#!/usr/bin/env bash
# Quick start, command one: install what is missing, build, and run the main job — the
# laminate CLI reading messy tool calls written by open models (examples/toolcalls/), shaping
# messy arguments by the tool's JSON Schema, repairing and extracting the messy model outputs in
# examples/messy/, and a typed program with a repair round against an OpenAI-compatible server on
# 127.0.0.1 (examples/lm/repair_round_demo.cpp; no network).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target laminate_cli example_lm_repair_round_demo

bin=build/bin/laminate
for f in examples/toolcalls/*.txt; do
  [[ $f == *arguments.txt ]] && continue
  echo "== $f"
  echo "-- laminate tool-calls"
  "$bin" tool-calls < "$f" || true
done
echo "== examples/toolcalls/weather-arguments.txt"
echo "-- laminate shape --schema examples/toolcalls/get_current_weather.schema.json"
"$bin" shape --schema examples/toolcalls/get_current_weather.schema.json < examples/toolcalls/weather-arguments.txt || true
echo
for f in examples/messy/*.txt; do
  echo "== $f"
  echo "-- laminate extract"
  "$bin" extract < "$f" || true
done
echo
echo "== examples/messy/batch.jsonl through 'laminate extract --jsonl'"
"$bin" extract --jsonl < examples/messy/batch.jsonl || true
echo
echo "== a typed program over HTTP: examples/lm/repair_round_demo.cpp"
build/tests/lm/example_lm_repair_round_demo || true
