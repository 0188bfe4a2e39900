#!/usr/bin/env bash
# Installs every Debian 12 package laminate needs to build, test, fuzz and benchmark, and
# only those that are missing. Nothing else is downloaded, at build or at run time.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config python3   # toolchain; python3 runs the workload generator
  clang-14 libclang-rt-14-dev                # the clang 14 build and libFuzzer
  libgtest-dev libgmock-dev libbenchmark-dev # tests and benchmarks
  nlohmann-json3-dev                         # interop header, and a benchmark baseline
  libsimdjson-dev                            # benchmark baseline
  libcli11-dev                               # the command line
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
