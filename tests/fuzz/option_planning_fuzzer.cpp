// libFuzzer target: fuzzed bytes as `render` and `convert` options and tiny captures (the format
// is in option_planning.h); parsing and planning must keep every output bound, never allocate in
// proportion to a fuzzed number, never crash.
#include "tests/fuzz/option_planning.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const bvhscope::fuzz::PlanningCheck check = bvhscope::fuzz::checkOptionPlanning(bytes);
    if (!check.violation.empty()) {
        std::fprintf(stderr, "bound broken: %s\n", check.violation.c_str());
        std::abort();
    }
    return 0;
}
