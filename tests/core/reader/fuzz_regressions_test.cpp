// Inputs the fuzzers found (tests/data/fuzz_regressions) and hostile inputs: each must give a
// consistent document or a clean error, and what loads must survive write -> read unchanged.
#include "core/reader/document.h"
#include "tests/core/document_invariants.h"
#include "tests/core/round_trip_invariants.h"
#include "tests/core/test_support.h"

#include <filesystem>
#include <gtest/gtest.h>

namespace bvh {
namespace {

TEST(FuzzRegressions, EveryRecordedInputIsHandled) {
    const auto directory = test::dataFile("fuzz_regressions");
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        if (!entry.is_regular_file() || entry.path().filename() == "README.md") {
            continue;
        }
        SCOPED_TRACE(entry.path().filename().string());
        const Document document = parseDocument(test::fileBytes(entry.path()));
        EXPECT_EQ(test::documentInvariantViolation(document), "");
        if (document.loaded()) {
            EXPECT_EQ(test::roundTripViolation(document), "");
        }
        ++checked;
    }
    EXPECT_GT(checked, 0);
}

} // namespace
} // namespace bvh
