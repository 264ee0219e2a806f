# Thin wrapper: every target first makes sure the Debian packages are there.
BUILD   ?= build
TYPE    ?= RelWithDebInfo
JOBS    ?= $(shell nproc)
# Tests at once: twice the cores. The tests wait on timers, sockets and
# child processes more than they compute (at -j2 on 2 cores the plain suite
# kept 0.5 of a core busy, the sanitizer suite 1.2): on 2 cores the plain
# suite took 149 s instead of 291, the sanitizer suite 309 s instead of 486
# (docs/testing.md, "Build time").
TEST_JOBS ?= $(shell echo $$(( $(JOBS) * 2 )))
ARGS    ?=
# ON: warnings are errors (GW_WERROR; what CI builds with). Read when a
# build folder is configured.
WERROR  ?= OFF
# Line tables only (-g1): a backtrace, gdb's `bt` and a sanitizer report
# still name function, file and line, and a build compiles in two thirds of
# the time of -g (docs/testing.md, "Build time"). DEBUG=-g for variables.
DEBUG   ?= -g1
# RelWithDebInfo's flags, the same in both builds: the sanitizer build adds
# its own to the product alone, so the tests' objects stay the same.
TYPE_FLAGS = -O2 $(DEBUG) -DNDEBUG

.PHONY: deps configure build run test test-asan package bench soak fuzz format clean

deps:
	@bash .ci/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(TYPE) -DGW_WERROR=$(WERROR) \
	    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(TYPE_FLAGS)" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$(TYPE_FLAGS)"

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# Only the desktop and what it links (no tests, benchmarks, agent or CLI):
# the window opens sooner on a fresh clone. `make test` builds everything.
run: configure
	cmake --build $(BUILD) -j $(JOBS) --target gpuwarden
	$(BUILD)/bin/gpuwarden $(ARGS)

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(TEST_JOBS) --timeout 300

# The same suite with the product built with AddressSanitizer and UBSan
# (-Og, asserts on) and the tests linked with their runtime: the first memory
# error or undefined behaviour fails its test. The tests' own files compile
# as in the plain build (the top CMakeLists.txt), so ASAN_BUILD=$(BUILD)
# turns a built plain folder into a sanitizer one by recompiling only the
# product (CI does; docs/testing.md, "Build time"); by default it is a
# folder of its own.
ASAN_BUILD ?= build-asan
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGW_ASAN=ON -DGW_BUILD_BENCH=OFF \
	    -DGW_WERROR=$(WERROR) \
	    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(TYPE_FLAGS)" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$(TYPE_FLAGS)"
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && QT_QPA_PLATFORM=offscreen \
	    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
	    LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	    ctest --output-on-failure -j $(TEST_JOBS) --timeout 600

# The Debian packages (gpuwarden, gpuwarden-agent) in $(BUILD)/packages,
# from this build folder configured for the prefix /usr (cmake/packaging.cmake;
# docs/guide/install.md). tests/packaging/installcheck.sh installs, checks,
# removes and purges them (CI does; it needs root).
package: build
	cmake -S . -B $(BUILD) -DCMAKE_INSTALL_PREFIX=/usr
	cmake --build $(BUILD) -j $(JOBS) --target package

# Every benchmark, bench_reference first (its bench_reference_ms is what the
# others' figures compare by); bench_load's phases last LOAD_SECONDS (60).
LOAD_SECONDS ?= 60
bench: build
	LOAD_SECONDS=$(LOAD_SECONDS) cmake --build $(BUILD) --target bench

# No growth once full: the agent at 10 Hz watched by 16 clients, the
# desktop offscreen watching 16 demo agents; RSS, descriptors and threads
# each minute (bench/bench_soak.cpp). 80 minutes, so that 14 follow the
# desktop's 65-minute live window; SOAK_MINUTES=15 for a shorter run.
SOAK_MINUTES ?= 80
soak: build
	cmake --build $(BUILD) --target bench_soak
	$(BUILD)/bin/bench_reference
	SOAK_MINUTES=$(SOAK_MINUTES) $(BUILD)/bin/bench_soak

# libFuzzer with ASan/UBSan on the parsers of what other machines send and
# admins type (clang-14); new inputs go to build-fuzz/corpus, not the repo.
# Every target fuzz/CMakeLists.txt adds (gw_add_fuzz), each for FUZZ_SECONDS
# or, with FUZZ_RUNS set (FUZZ_RUNS=10000000), for that many executions;
# each one's seconds and executions are printed as it ends.
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
FUZZ_TARGETS := $(shell sed -n 's/^gw_add_fuzz.fuzz_\([a-z0-9_]*\) .*/\1/p' fuzz/CMakeLists.txt)
FUZZ_LIMIT = $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS),-max_total_time=$(FUZZ_SECONDS))
fuzz: deps
	cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
	    -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -DGW_ASAN=ON -DGW_FUZZ=ON
	cmake --build build-fuzz -j $(JOBS) --target $(addprefix fuzz_,$(FUZZ_TARGETS))
	for t in $(FUZZ_TARGETS); do \
	    mkdir -p build-fuzz/corpus/$$t && start=$$(date +%s) && \
	    seeds=$$(test -d fuzz/corpus/$$t && echo fuzz/corpus/$$t); \
	    build-fuzz/fuzz/fuzz_$$t $(FUZZ_LIMIT) -print_final_stats=1 build-fuzz/corpus/$$t $$seeds \
	        2> build-fuzz/fuzz_$$t.log || { tail -50 build-fuzz/fuzz_$$t.log; exit 1; }; \
	    echo "fuzz_$$t: $$(sed -n 's/^stat::number_of_executed_units: *//p' build-fuzz/fuzz_$$t.log) executions in $$(( $$(date +%s) - start )) s"; \
	done

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
