# bvhscope: the two set-up commands are `make run` and `make test`.
# Each installs missing Debian packages (tools/install-deps.sh), configures and builds.

BUILD_DIR      ?= build
ASAN_BUILD_DIR ?= build-asan
BUILD_TYPE     ?= RelWithDebInfo
CMAKE          ?= cmake
CTEST_ARGS     ?= --output-on-failure
# GUI tests open real windows; under make test they run inside a private X server.
XVFB_RUN       ?= xvfb-run -a -s "-screen 0 1600x1000x24 +extension GLX"

.PHONY: all deps configure build run test test-core test-asan bench format format-check clean

all: build

deps:
	@tools/install-deps.sh

$(BUILD_DIR)/build.ninja:
	$(CMAKE) -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

$(ASAN_BUILD_DIR)/build.ninja:
	$(CMAKE) -S . -B $(ASAN_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Debug \
	  -DBVHSCOPE_SANITIZE=ON -DBVHSCOPE_CORE_ONLY=ON -DBVHSCOPE_BENCHMARKS=OFF

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR)

# Opens the viewer on the bundled sample capture.
run: build
	$(BUILD_DIR)/app/bvhscope

# Every test: the full build (GUI tests under Xvfb), then the core and command line again
# under AddressSanitizer + UndefinedBehaviorSanitizer.
test: build test-asan
	cd $(BUILD_DIR) && $(XVFB_RUN) ctest $(CTEST_ARGS)

test-asan: deps $(ASAN_BUILD_DIR)/build.ninja
	$(CMAKE) --build $(ASAN_BUILD_DIR)
	cd $(ASAN_BUILD_DIR) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest $(CTEST_ARGS)

bench: build
	$(BUILD_DIR)/tests/bench/bvhscope_bench --benchmark_counters_tabular=true

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

format-check:
	git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror

clean:
	rm -rf $(BUILD_DIR) $(ASAN_BUILD_DIR)
