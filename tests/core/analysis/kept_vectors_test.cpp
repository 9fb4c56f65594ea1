#include "core/analysis/kept_vectors.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

namespace bvh {
namespace {

struct FirstUse;
struct SecondUse;

TEST(KeptVectors, AVectorGivenBackIsTakenAgainWithItsAllocationAndElements) {
    std::thread([] {
        std::vector<double> given(300, 2.5);
        const double* const allocation = given.data();
        keepVector<FirstUse>(given);
        EXPECT_TRUE(given.empty());
        EXPECT_EQ(given.capacity(), 0u);
        // Another tag keeps its own vectors: nothing for it yet.
        EXPECT_EQ((takeKeptVector<double, SecondUse>(300).capacity()), 0u);
        const std::vector<double> taken = takeKeptVector<double, FirstUse>(300);
        EXPECT_EQ(taken.data(), allocation);
        EXPECT_EQ(taken, std::vector<double>(300, 2.5));
        EXPECT_EQ((takeKeptVector<double, FirstUse>().capacity()), 0u) << "taken once only";
    }).join();
}

TEST(KeptVectors, EachThreadKeepsItsOwn) {
    std::thread([] {
        std::vector<std::uint32_t> given(600, 7);
        keepVector(given);
    }).join();
    std::thread([] { EXPECT_EQ((takeKeptVector<std::uint32_t>(600).capacity()), 0u); }).join();
}

TEST(KeptVectors, ABufferKeepsItsLengthAndTheFittingVectorIsTaken) {
    std::thread([] {
        // A buffer of 1 000 written, then used for 240: taken again for 1 000, nothing of it
        // is rewritten (a shrunken vector would have zeroed 760 elements growing back).
        std::vector<double> buffer = takeKeptBuffer<double, FirstUse>(1000);
        buffer.assign(1000, 1.0);
        keepVector<FirstUse>(buffer);
        std::vector<double> shortUse = takeKeptBuffer<double, FirstUse>(240);
        EXPECT_EQ(shortUse.size(), 1000u);
        keepVector<FirstUse>(shortUse);
        // Of a short and a long one kept, a short use takes the short one.
        std::vector<double> small(10, 3.0);
        keepVector<FirstUse>(small);
        EXPECT_EQ((takeKeptBuffer<double, FirstUse>(5).size()), 10u);
        EXPECT_EQ((takeKeptBuffer<double, FirstUse>(800)), std::vector<double>(1000, 1.0));
    }).join();
}

TEST(KeptVectors, TooLargeOrTooManyAreFreed) {
    std::thread([] {
        std::vector<char> large(kept_vectors_detail::kLargestKeptBytes + 1);
        keepVector<FirstUse>(large);
        EXPECT_EQ((takeKeptVector<char, FirstUse>().capacity()), 0u);
        for (std::size_t i = 0; i < kept_vectors_detail::kKeptPerType + 3; ++i) {
            std::vector<char> one(2000);
            keepVector<SecondUse>(one);
        }
        std::size_t kept = 0;
        while ((takeKeptVector<char, SecondUse>().capacity()) > 0) {
            ++kept;
        }
        EXPECT_EQ(kept, kept_vectors_detail::kKeptPerType);
    }).join();
}

TEST(KeptVectors, AKeptVectorGoesBackWhenItsScopeEnds) {
    std::thread([] {
        const std::uint16_t* allocation = nullptr;
        {
            auto scoped = KeptVector<std::uint16_t, FirstUse>::cleared(900);
            EXPECT_TRUE(scoped->empty());
            EXPECT_GE(scoped->capacity(), 900u);
            allocation = scoped->data();
        }
        const auto again = KeptVector<std::uint16_t, FirstUse>::cleared(900);
        EXPECT_EQ(again->data(), allocation);
    }).join();
}

} // namespace
} // namespace bvh
