# Thin wrapper: every target first makes sure the Debian packages are there.
BUILD   ?= build
TYPE    ?= RelWithDebInfo
JOBS    ?= $(shell nproc)
ARGS    ?=
# ON: warnings are errors (GW_WERROR; what CI builds with). Read when a
# build folder is configured.
WERROR  ?= OFF

.PHONY: deps configure build run test test-asan bench fuzz format clean

deps:
	@bash .ci/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(TYPE) -DGW_WERROR=$(WERROR)

configure: deps $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/bin/gpuwarden $(ARGS)

test: build
	cd $(BUILD) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j $(JOBS) --timeout 300

# The same suite built with AddressSanitizer and UBSan (asserts on, -O1): the
# first memory error or undefined behaviour fails its test.
ASAN_BUILD ?= build-asan
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGW_ASAN=ON \
	    -DGW_WERROR=$(WERROR) -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1"
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && QT_QPA_PLATFORM=offscreen \
	    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
	    LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	    ctest --output-on-failure -j $(JOBS) --timeout 600

bench: build
	cmake --build $(BUILD) --target bench

# libFuzzer with ASan/UBSan on the parsers of what other machines send and
# admins type (clang-14); new inputs go to build-fuzz/corpus, not the repo.
FUZZ_SECONDS ?= 60
fuzz: deps
	cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
	    -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link -DGW_ASAN=ON -DGW_FUZZ=ON
	cmake --build build-fuzz -j $(JOBS) --target fuzz_snapshotjson fuzz_agentconfig fuzz_prometheus fuzz_agentrequest fuzz_smimig fuzz_policyconfig fuzz_trace fuzz_policyevent fuzz_policyreplay fuzz_taskfile fuzz_allocatebody fuzz_tokensjson fuzz_ledgerbody fuzz_promusage fuzz_balancesreply fuzz_keeperreplies fuzz_enforcementbody fuzz_enforcementreply fuzz_historyreply fuzz_agentpolicy
	for t in snapshotjson agentconfig prometheus agentrequest smimig policyconfig trace policyevent policyreplay taskfile allocatebody tokensjson ledgerbody promusage balancesreply keeperreplies enforcementbody enforcementreply historyreply agentpolicy; do \
	    mkdir -p build-fuzz/corpus/$$t && \
	    build-fuzz/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) build-fuzz/corpus/$$t fuzz/corpus/$$t || exit 1; \
	done

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD)
