# chronometry: the two commands of the README.
#   make demo   set up, build and run the main demonstration (results/ gets CSV, PNG, REPORT.md)
#   make test   set up, build and run every test: the suites, Python tests and notebooks, the
#               examples' output of a Debug (-O0) build against this optimized one, then the same
#               suites and the fuzz harnesses under ASan + UBSan (CTest summary at the end)
# Other targets: build, test-debug, test-sanitize, test-348 (standalone build and CTest against the
# installed ns-3.48, scripts/check-ns348.sh), bench, in-tree [NS3=3.37|3.48|DIR]
# (scripts/check-in-tree.sh), clean, and
#   make install PREFIX=DIR [NS3=3.37|3.48] [NS3_PREFIX=DIR] [SETUP=1]   (scripts/install.sh)
#               the library, headers, CMake package config, bin/chronometry-study and the Python
#               module under DIR, built in build-install/ (build-install-348/) with no tests,
#               benchmarks or other examples (RelWithDebInfo with line tables only, -g1). NS3=3.48 unpacks ../shared/ns-3's ns-3.48 into
#               DIR/opt/ns-3.48 and builds against it; NS3_PREFIX=DIR builds against your own
#               installed ns-3. Debian packages are only checked (missing ones are listed with
#               the command that installs them), unless SETUP=1.

BUILD_DIR ?= build
SANITIZE_BUILD_DIR ?= build-sanitize
DEBUG_BUILD_DIR ?= build-debug
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
PYTHON := /usr/bin/python3
RESULTS ?= results

PREFIX ?= /usr/local
NS3 ?= 3.37
PROFILE ?= default
NS3_PREFIX ?=
SETUP ?= 0
NS348_BUILD_DIR ?= build-348

.PHONY: all setup configure build demo test test-debug test-sanitize test-348 install bench in-tree clean

all: build

setup:
	@bash scripts/setup-deps.sh

configure: setup
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

demo: build
	mkdir -p $(RESULTS)
	$(BUILD_DIR)/examples/clock-skew-demo --outDir=$(RESULTS)
	$(PYTHON) examples/plot-clock-skew.py $(RESULTS)/clock-skew.csv $(RESULTS)/clock-skew.png
	$(BUILD_DIR)/examples/causality-gossip --duration=300ms --outDir=$(RESULTS)
	$(PYTHON) examples/report.py --out $(RESULTS) --build-dir $(BUILD_DIR)/python
	@echo "demo: wrote $(RESULTS)/clock-skew.csv, $(RESULTS)/clock-skew-summary.csv, $(RESULTS)/clock-skew.png, $(RESULTS)/causality-events.csv, $(RESULTS)/causality-shiviz.log, $(RESULTS)/report.sqlite, $(RESULTS)/report-*.csv, $(RESULTS)/*.png, $(RESULTS)/REPORT.md"

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	$(MAKE) test-debug
	$(MAKE) test-sanitize

# Byte-identical example CSV from a Debug build (-O0, no optimization) and the optimized build.
test-debug: build
	cmake -S . -B $(DEBUG_BUILD_DIR) -DCMAKE_BUILD_TYPE=Debug -DCHRONOMETRY_PYTHON=OFF \
	  -DCHRONOMETRY_BENCHMARKS=OFF -DCHRONOMETRY_REFERENCE_BUILD=$(abspath $(BUILD_DIR))
	cmake --build $(DEBUG_BUILD_DIR) -j $(JOBS) --target chronometry-examples
	cd $(DEBUG_BUILD_DIR) && ctest --output-on-failure -R '^reproducibility$$'

test-sanitize: setup
	JOBS=$(JOBS) REFERENCE_BUILD=$(BUILD_DIR) bash scripts/run-sanitizers.sh $(SANITIZE_BUILD_DIR)

# Standalone against the installed ns-3.48 (from ../shared/ns-3; skipped, saying so, without it).
test-348: setup
	JOBS=$(JOBS) bash scripts/check-ns348.sh $(NS348_BUILD_DIR)

# The library, headers (include/ns3), CMake package config (find_package(chronometry)),
# bin/chronometry-study and the Python module under PREFIX, from a build of only those.
install:
	PREFIX="$(PREFIX)" NS3="$(NS3)" NS3_PREFIX="$(NS3_PREFIX)" SETUP="$(SETUP)" JOBS="$(JOBS)" \
	  BUILD_TYPE="$(BUILD_TYPE)" bash scripts/install.sh

bench: build
	$(BUILD_DIR)/bench/clock-read-bench

in-tree:
	bash scripts/check-in-tree.sh --ns3 $(NS3) --profile $(PROFILE)

clean:
	rm -rf $(BUILD_DIR) $(DEBUG_BUILD_DIR) $(SANITIZE_BUILD_DIR) $(NS348_BUILD_DIR) $(NS348_BUILD_DIR)-ns3 \
	  build-install build-install-348
