// libFuzzer target: whatever the reader accepts, the writer must write, and reading the
// written text must give back the same skeleton and motion, bit for bit
// (tests/core/round_trip_invariants.h).
#include "core/reader/document.h"
#include "tests/core/round_trip_invariants.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document original = bvh::parseDocument(text);
    if (!original.loaded()) {
        return 0;
    }
    if (std::string problem = bvh::test::roundTripViolation(original); !problem.empty()) {
        std::fprintf(stderr, "round trip broken: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
