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
    KeptVectors kept;
    const KeptVectorsScope keptHere(kept);
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
}

TEST(KeptVectors, WithoutAScopeNothingIsKeptAndAScopeEndsWithTheOneBeforeBack) {
    std::vector<std::uint32_t> unscoped(600, 7);
    keepVector(unscoped);
    EXPECT_EQ(unscoped.capacity(), 0u) << "freed";
    EXPECT_EQ((takeKeptVector<std::uint32_t>(600).capacity()), 0u);
    KeptVectors outer;
    const KeptVectorsScope outerHere(outer);
    std::vector<std::uint32_t> given(600, 7);
    keepVector(given);
    {
        KeptVectors inner;
        const KeptVectorsScope innerHere(inner);
        EXPECT_EQ(KeptVectors::current(), &inner);
        EXPECT_EQ((takeKeptVector<std::uint32_t>(600).capacity()), 0u) << "the outer's, not here";
    }
    EXPECT_EQ(KeptVectors::current(), &outer);
    EXPECT_EQ((takeKeptVector<std::uint32_t>(600)), std::vector<std::uint32_t>(600, 7));
}

TEST(KeptVectors, EachThreadUsesTheOneItInstalled) {
    KeptVectors kept;
    {
        const KeptVectorsScope keptHere(kept);
        std::vector<std::uint32_t> given(600, 7);
        keepVector(given);
    }
    std::thread([] { EXPECT_EQ(KeptVectors::current(), nullptr); }).join();
    std::thread([&kept] {
        const KeptVectorsScope keptHere(kept); // handed to a later thread: its vectors with it
        EXPECT_EQ((takeKeptVector<std::uint32_t>(600).size()), 600u);
    }).join();
}

TEST(KeptVectors, ABufferKeepsItsLengthAndTheFittingVectorIsTaken) {
    KeptVectors kept;
    const KeptVectorsScope keptHere(kept);
    // A buffer of 1 000 written, then used for 240: taken again for 1 000, nothing of it is
    // rewritten (a shrunken vector would have zeroed 760 elements growing back).
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
}

TEST(KeptVectors, TooLargeOrTooManyAreFreed) {
    KeptVectors kept;
    const KeptVectorsScope keptHere(kept);
    std::vector<char> large(kept_vectors_detail::kLargestKeptBytes + 1);
    keepVector<FirstUse>(large);
    EXPECT_EQ((takeKeptVector<char, FirstUse>().capacity()), 0u);
    for (std::size_t i = 0; i < kept_vectors_detail::kKeptPerType + 3; ++i) {
        std::vector<char> one(2000);
        keepVector<SecondUse>(one);
    }
    std::size_t count = 0;
    while ((takeKeptVector<char, SecondUse>().capacity()) > 0) {
        ++count;
    }
    EXPECT_EQ(count, kept_vectors_detail::kKeptPerType);
}

TEST(KeptVectors, AKeptVectorGoesBackWhenItsScopeEnds) {
    KeptVectors kept;
    const KeptVectorsScope keptHere(kept);
    const std::uint16_t* allocation = nullptr;
    {
        auto scoped = KeptVector<std::uint16_t, FirstUse>::cleared(900);
        EXPECT_TRUE(scoped->empty());
        EXPECT_GE(scoped->capacity(), 900u);
        allocation = scoped->data();
    }
    const auto again = KeptVector<std::uint16_t, FirstUse>::cleared(900);
    EXPECT_EQ(again->data(), allocation);
}

TEST(KeptVectors, ThreadsThatKeptVectorsEndAndFreeThemSafely) {
    // The reason the kept vectors are the caller's, not thread_local (kept_vectors.h): under
    // MinGW-w64 and Wine, INFO96's thread_local vectors were destroyed at thread exit from
    // storage emutls had freed, and the first thread to end crashed in RtlFreeHeap. Here
    // threads keep vectors of several kinds and end, many times over; the Windows build runs
    // this under Wine.
    for (int round = 0; round < 20; ++round) {
        std::thread([] {
            KeptVectors kept;
            const KeptVectorsScope keptHere(kept);
            for (std::size_t n = 100; n < 3000; n += 700) {
                std::vector<double> doubles(n, 1.0);
                std::vector<std::uint32_t> indices(n, 2);
                auto buffer = KeptVector<float, FirstUse>::buffer(n);
                keepVector(doubles);
                keepVector<SecondUse>(indices);
            }
            EXPECT_GT((takeKeptVector<double>(100).capacity()), 0u);
        }).join();
    }
}

} // namespace
} // namespace bvh
