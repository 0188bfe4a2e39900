#!/usr/bin/env bash
# Installs every Debian 12 package laminate needs to build, test, fuzz and benchmark, and
# only those that are missing. Nothing else is downloaded, at build or at run time.
# Runs unattended (CI has no terminal): as root, or through sudo otherwise.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config python3   # toolchain; python3 runs the workload generator
  clang-14 libclang-rt-14-dev                # the clang 14 build, its sanitizers and libFuzzer
  llvm-14                                    # llvm-symbolizer: readable sanitizer stack traces
  libgtest-dev libgmock-dev libbenchmark-dev # tests and benchmarks
  nlohmann-json3-dev                         # interop header, and a benchmark baseline
  libsimdjson-dev                            # benchmark baseline
  libcli11-dev                               # the command line
  libxxhash-dev                              # the command line's schema cache: 128-bit keys
  libre2-dev                                 # JSON Schema patterns: linear time on untrusted text
  libcurl4-openssl-dev                       # the program layer's HTTP providers
  libcpp-httplib-dev                         # loopback HTTP servers in the program layer's tests
  json-schema-test-suite                     # the official JSON Schema tests (conformance)
)

installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [[ $status == "install ok installed" ]]
}

missing=()
for p in "${packages[@]}"; do
  installed "$p" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
as_root=()
if [[ $(id -u) -ne 0 ]]; then as_root=(sudo); fi
apt_env=(env DEBIAN_FRONTEND=noninteractive NEEDRESTART_MODE=a)
# Wait for another apt/dpkg (e.g. unattended upgrades on a fresh machine) instead of failing.
apt_opts=(-o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)

# A fresh machine has no package lists: update, retrying a flaky mirror a few times.
for attempt in 1 2 3; do
  if "${as_root[@]}" "${apt_env[@]}" apt-get "${apt_opts[@]}" update -qq; then break; fi
  if ((attempt == 3)); then echo "install-deps: apt-get update failed" >&2; exit 1; fi
  sleep $((attempt * 10))
done
"${as_root[@]}" "${apt_env[@]}" apt-get "${apt_opts[@]}" install -y -qq --no-install-recommends \
  "${missing[@]}"

for p in "${missing[@]}"; do
  installed "$p" || { echo "install-deps: $p did not install" >&2; exit 1; }
done
echo "install-deps: installed ${#missing[@]} packages"
