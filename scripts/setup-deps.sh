#!/usr/bin/env bash
# Install the Debian (bookworm) packages chronometry needs, only those missing.
# Safe to run repeatedly: does nothing when everything is present.
set -euo pipefail

packages=(
  # toolchain
  cmake g++ make
  # unpacking the ns-3.48 archives (make test-348, make in-tree NS3=3.48)
  xz-utils
  # sanitizer and libFuzzer builds (scripts/run-sanitizers.sh)
  clang libclang-rt-14-dev
  # ns-3 3.37 and what its CMake config references
  ns3 libns3-dev libgsl-dev libsqlite3-dev libxml2-dev
  # libraries
  libboost-dev libeigen3-dev libbenchmark-dev libxxhash-dev libpcg-cpp-dev
  # Python bindings and tooling (Debian's python3, not another interpreter)
  pybind11-dev python3-dev python3-pytest python3-numpy python3-pandas python3-matplotlib
  python3-tqdm python3-nbclient python3-ipykernel python3-distributed
  # the manual (doc/, CTest test "manual": sphinx-build -W)
  python3-sphinx
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
