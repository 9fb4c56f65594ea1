// libFuzzer target: any bytes given to the reader must give a consistent Document (or a clean
// error), never a crash, a hang or a sanitizer report; and the result must not depend on the
// block size or thread count.
#include "core/reader/document.h"
#include "tests/core/document_invariants.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document document = bvh::parseDocument(text);
    if (std::string problem = bvh::test::documentInvariantViolation(document); !problem.empty()) {
        std::fprintf(stderr, "invariant broken: %s\n", problem.c_str());
        std::abort();
    }
    // Tiny blocks put a block boundary inside every kind of line; two threads only on small
    // inputs (a thread starts per block, and that would dominate the run time).
    bvh::ParseOptions split;
    split.threads = size < 256 ? 2 : 1;
    split.blockBytesPerThread = 64;
    const bvh::Document again = bvh::parseDocument(text, split);
    if (again.motion.values.size() != document.motion.values.size() ||
        again.diagnostics.size() != document.diagnostics.size()) {
        std::fprintf(stderr, "block size changed the result\n");
        std::abort();
    }
    for (std::size_t i = 0; i < again.motion.values.size(); ++i) {
        if (again.motion.values[i] != document.motion.values[i]) {
            std::fprintf(stderr, "block size changed value %zu\n", i);
            std::abort();
        }
    }
    return 0;
}
