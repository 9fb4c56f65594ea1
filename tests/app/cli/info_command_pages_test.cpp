// makePagesInOrder: every page is made once, on the caller's thread or a second one, and written
// on the caller's in index order; a page that throws is rethrown in its place after the pages
// before it, and no later page is started; one thread makes and writes each page in turn.
#include "app/cli/info_command_pages.h"
#include "tests/support/hang_guard.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::cli {
namespace {

TEST(MakePagesInOrder, WritesEveryPageOnceInOrderWhileTwoThreadsMakeThem) {
    constexpr std::size_t kCount = 40;
    std::mutex mutex;
    std::vector<int> made(kCount, 0);
    std::set<std::thread::id> makers;
    std::vector<std::size_t> writtenOrder;
    const std::thread::id caller = std::this_thread::get_id();
    bool writtenElsewhere = false;
    // Pages 0 and 1 each wait until both have begun: a thread cannot take page 1 while it makes
    // page 0, so two threads make pages however late a loaded machine starts the second one.
    std::atomic<int> firstTwoBegun{0};
    makePagesInOrder(
        kCount, 2,
        [&](std::size_t index) {
            if (index < 2) {
                ++firstTwoBegun;
                const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
                while (firstTwoBegun.load() < 2 && std::chrono::steady_clock::now() < giveUp) {
                    std::this_thread::yield();
                }
            }
            // Later pages are quicker than earlier ones: they are done out of order.
            std::this_thread::sleep_for(std::chrono::microseconds(100 * (kCount - index)));
            const std::scoped_lock lock(mutex);
            ++made[index];
            makers.insert(std::this_thread::get_id());
            FilePage page;
            page.out = "page " + std::to_string(index);
            page.loaded = index % 3 != 0;
            return page;
        },
        [&](std::size_t index, FilePage& page) {
            writtenElsewhere = writtenElsewhere || std::this_thread::get_id() != caller;
            EXPECT_EQ(page.out, "page " + std::to_string(index));
            EXPECT_EQ(page.loaded, index % 3 != 0);
            writtenOrder.push_back(index);
        });
    EXPECT_EQ(made, std::vector<int>(kCount, 1));
    EXPECT_EQ(makers.size(), 2U);
    EXPECT_FALSE(writtenElsewhere);
    ASSERT_EQ(writtenOrder.size(), kCount);
    for (std::size_t i = 0; i < kCount; ++i) {
        EXPECT_EQ(writtenOrder[i], i);
    }
}

TEST(MakePagesInOrder, OneThreadWritesEachPageAsSoonAsItIsMade) {
    std::vector<std::string> events;
    const std::thread::id caller = std::this_thread::get_id();
    makePagesInOrder(
        4, 1,
        [&](std::size_t index) {
            EXPECT_EQ(std::this_thread::get_id(), caller);
            events.push_back("make " + std::to_string(index));
            return FilePage{};
        },
        [&](std::size_t index, FilePage&) { events.push_back("write " + std::to_string(index)); });
    EXPECT_EQ(events, (std::vector<std::string>{"make 0", "write 0", "make 1", "write 1", "make 2",
                                                "write 2", "make 3", "write 3"}));
}

TEST(MakePagesInOrder, RethrowsAFailedPageInItsPlaceAndStartsNoneAfter) {
    constexpr std::size_t kCount = 200;
    constexpr std::size_t kFailing = 7;
    for (const unsigned threads : {1U, 2U}) {
        SCOPED_TRACE(threads);
        std::atomic<std::size_t> latestStarted{0};
        std::atomic<bool> failedYet{false};
        std::atomic<std::size_t> startedAfterFailure{0};
        std::vector<std::size_t> written;
        EXPECT_THROW(makePagesInOrder(
                         kCount, threads,
                         [&](std::size_t index) {
                             if (failedYet) {
                                 ++startedAfterFailure;
                             }
                             latestStarted = std::max<std::size_t>(latestStarted, index);
                             if (index == kFailing) {
                                 failedYet = true;
                                 throw std::bad_alloc();
                             }
                             std::this_thread::sleep_for(std::chrono::microseconds(200));
                             return FilePage{};
                         },
                         [&](std::size_t index, FilePage&) { written.push_back(index); }),
                     std::bad_alloc);
        ASSERT_EQ(written.size(), kFailing);
        for (std::size_t i = 0; i < kFailing; ++i) {
            EXPECT_EQ(written[i], i);
        }
        // The other thread may have been making the one page after it when it failed.
        EXPECT_LE(startedAfterFailure.load(), 1U);
        EXPECT_LE(latestStarted.load(), kFailing + 1);
    }
}

} // namespace
} // namespace bvhscope::cli
