#!/usr/bin/env bash
# Speed benchmarks, end to end: configure and build the `release` preset's benchmark binary,
# generate the workloads into build/bench-data if they are missing (deterministic; never committed),
# run every benchmark with 5 repetitions (interleaved), write the JSON results and print the markdown report.
#
#   bench/run.sh                                # everything (about 2 minutes on 2 cores)
#   bench/run.sh --benchmark_filter='^W1/'      # extra arguments go to laminate_bench
#
# Environment: LAMINATE_BENCH_OUT (results file, default build/bench-results.json),
# LAMINATE_JOBS (build parallelism, default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${LAMINATE_BENCH_OUT:-build/bench-results.json}
jobs=${LAMINATE_JOBS:-2}

cmake --preset release >/dev/null
cmake --build --preset release -j "$jobs" --target laminate_bench laminate_bench_data

# Every figure is a ratio against baselines measured in the same run, but other work on the
# machine still adds noise: say how busy it was. Repetitions run in random interleaved order, so a
# change in the machine's speed during the run falls on laminate and its baselines alike instead of
# on whichever ran at that moment.
echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
build/bin/laminate_bench --data=build/bench-data \
  --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
  --benchmark_display_aggregates_only=true --benchmark_min_time=0.3 \
  --benchmark_out="$out" --benchmark_out_format=json "$@"
echo "load average after the run:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "results: $out"
echo
python3 bench/report.py "$out"
