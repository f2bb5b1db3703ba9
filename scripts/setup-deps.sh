#!/usr/bin/env bash
# Install the Debian (bookworm) packages chronometry needs, only those missing.
# Safe to run repeatedly: does nothing when everything is present.
#
#   scripts/setup-deps.sh [--check] [GROUP...]
#
# GROUPs (default: all of them, what make build / make test need):
#   build    the toolchain and the libraries the chronometry library compiles against
#   ns3      Debian's ns-3 3.37 and what its CMake config references
#   archive  unpacking the ns-3.48 archives (make test-348, make install NS3=3.48, make in-tree)
#   python   the Python module (pybind11, Python headers)
#   extra    the rest: sanitizers and libFuzzer, Google Benchmark, the Python test and
#            notebook tooling, the sweep's plotting, summaries (SciPy) and Dask
#   emulation  the real daemons of chronometry-emulate and its tests (chrony, linuxptp),
#            tshark for its pcaps, iproute2 for the namespaces (doc/emulation.rst). chrony's
#            service is not started by the install (policy-rc.d): it would discipline this
#            machine's clock; the emulation runs its own chronyd -x in a namespace
# --check installs nothing: it lists the missing packages of those groups and the command that
# installs them, and exits 1 when any is missing (make install uses it).
set -euo pipefail

declare -A group=(
  [build]="cmake g++ make libboost-dev libeigen3-dev libxxhash-dev libpcg-cpp-dev
           libgsl-dev libsqlite3-dev libxml2-dev"
  [ns3]="ns3 libns3-dev"
  [archive]="xz-utils"
  [python]="pybind11-dev python3-dev"
  [emulation]="chrony linuxptp tshark iproute2"
  [extra]="clang libclang-rt-14-dev libbenchmark-dev python3-pytest python3-numpy python3-pandas
           python3-scipy python3-matplotlib python3-tqdm python3-nbclient python3-ipykernel
           python3-distributed python3-sphinx"
)

check=0
groups=()
for arg in "$@"; do
  case "$arg" in
    --check) check=1 ;;
    build | ns3 | archive | python | extra | emulation) groups+=("$arg") ;;
    *) echo "setup-deps: unknown argument '$arg' (groups: build ns3 archive python extra emulation)" >&2
       exit 2 ;;
  esac
done
[ ${#groups[@]} -gt 0 ] || groups=(build ns3 archive python extra emulation)

packages=()
for g in "${groups[@]}"; do
  # shellcheck disable=SC2206 # the lists are words
  packages+=(${group[$g]})
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages present (${groups[*]})"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi
if [ "$check" = 1 ]; then
  echo "setup: missing Debian packages (${groups[*]}): ${missing[*]}"
  echo "setup: install them with: ${sudo[*]:+${sudo[*]} }apt-get install ${missing[*]}"
  exit 1
fi
echo "setup: installing ${missing[*]}"
"${sudo[@]}" apt-get update -q
# No service starts during the install (Debian's policy-rc.d, exit 101): chrony's would steer
# this machine's clock. Only when no policy is in place already; removed afterwards.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
  "${sudo[@]}" chmod 755 "$policy"
  trap '"${sudo[@]}" rm -f "$policy"' EXIT
fi
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
