// core/reader/parsing_crew.cpp: every piece of every job parsed once, a job's pieces only after
// its room is populated and prepared, the oldest job finished first, abandon() ending the work,
// and an exception thrown on another thread reaching the waiting one.
#include "core/reader/parsing_crew.h"

#include <atomic>
#include <cstring>
#include <gtest/gtest.h>
#include <memory>
#include <new>
#include <thread>
#include <vector>

namespace bvh {
namespace {

// A job of `pieces` pieces that counts how often each is parsed.
struct CountedJob {
    explicit CountedJob(std::size_t pieces) : parsed(pieces) {
        job.pieces = pieces;
        job.parsePiece = [this](std::size_t index) { parsed[index].fetch_add(1); };
    }
    std::vector<std::atomic<int>> parsed;
    CrewJob job;
};

void expectEachParsedOnce(const CountedJob& counted) {
    for (std::size_t i = 0; i < counted.parsed.size(); ++i) {
        EXPECT_EQ(counted.parsed[i].load(), 1) << "piece " << i;
    }
}

TEST(ParsingCrew, EveryPieceOfTwoJobsIsParsedOnceOnAnyThreadCount) {
    for (unsigned threads : {1u, 2u, 4u}) {
        SCOPED_TRACE(threads);
        ParsingCrew crew(threads);
        CountedJob first(40);
        CountedJob second(25);
        crew.add(first.job);
        crew.add(second.job);
        crew.complete(first.job);
        expectEachParsedOnce(first);
        crew.retire(first.job);
        crew.complete(second.job);
        expectEachParsedOnce(second);
        crew.retire(second.job);
    }
}

TEST(ParsingCrew, AJobsPiecesComeAfterItsRoomIsPopulatedAndPrepared) {
    // Three huge pages of room, not aligned to one: four chunks, then prepare, then pieces.
    constexpr std::size_t kRoomBytes = std::size_t{6} << 20;
    const std::unique_ptr<char[]> room(new char[kRoomBytes + 4096]);
    for (unsigned threads : {1u, 2u}) {
        SCOPED_TRACE(threads);
        ParsingCrew crew(threads);
        std::atomic<int> prepared{0};
        std::atomic<int> piecesBeforePrepare{0};
        std::atomic<int> pieces{0};
        CrewJob job;
        job.pieces = 30;
        job.roomBegin = room.get() + 100;
        job.roomEnd = room.get() + 100 + kRoomBytes;
        job.prepare = [&] {
            // The room is populated: every byte of it is writable memory of this process.
            std::memset(job.roomBegin, 0, kRoomBytes);
            prepared.fetch_add(1);
        };
        job.parsePiece = [&](std::size_t) {
            if (prepared.load() == 0) {
                piecesBeforePrepare.fetch_add(1);
            }
            pieces.fetch_add(1);
        };
        crew.add(job);
        crew.complete(job);
        crew.retire(job);
        EXPECT_EQ(prepared.load(), 1);
        EXPECT_EQ(piecesBeforePrepare.load(), 0);
        EXPECT_EQ(pieces.load(), 30);
    }
}

TEST(ParsingCrew, OnOneThreadTheCallerDoesAllTheWork) {
    ParsingCrew crew(1);
    const std::thread::id caller = std::this_thread::get_id();
    std::vector<std::thread::id> ranOn;
    CrewJob job;
    job.pieces = 5;
    job.parsePiece = [&](std::size_t) { ranOn.push_back(std::this_thread::get_id()); };
    crew.add(job);
    crew.complete(job);
    ASSERT_EQ(ranOn.size(), 5u);
    for (const std::thread::id id : ranOn) {
        EXPECT_EQ(id, caller);
    }
}

TEST(ParsingCrew, AbandonTakesNoMorePiecesAndReturnsOnceNoneRuns) {
    ParsingCrew crew(2);
    std::atomic<int> running{0};
    std::atomic<int> parsed{0};
    std::atomic<bool> release{false};
    CrewJob job;
    job.pieces = 1000;
    job.parsePiece = [&](std::size_t) {
        running.fetch_add(1);
        while (!release.load()) {
            std::this_thread::yield(); // the helper holds its piece until the test lets go
        }
        parsed.fetch_add(1);
        running.fetch_sub(1);
    };
    crew.add(job);
    // The helper has taken a piece once `running` says so; abandon() must wait for it.
    while (running.load() == 0) {
        std::this_thread::yield();
    }
    std::thread letGo([&] { release.store(true); });
    crew.abandon();
    // Read before anything else waits: the piece held when abandon() was called is done.
    const int runningAfterAbandon = running.load();
    const int afterAbandon = parsed.load();
    letGo.join();
    EXPECT_EQ(runningAfterAbandon, 0);
    EXPECT_GE(afterAbandon, 1);
    // Nothing is parsed after abandon() returned, and a new job still gets done.
    CountedJob next(8);
    crew.add(next.job);
    crew.complete(next.job);
    expectEachParsedOnce(next);
    EXPECT_EQ(parsed.load(), afterAbandon);
}

TEST(ParsingCrew, WhatAPieceThrowsOnTheOtherThreadReachesTheCaller) {
    ParsingCrew crew(2);
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> helperThrew{false};
    CrewJob job;
    job.pieces = 64;
    job.parsePiece = [&](std::size_t) {
        if (std::this_thread::get_id() != caller) {
            helperThrew.store(true);
            throw std::bad_alloc();
        }
        while (!helperThrew.load()) {
            std::this_thread::yield(); // the caller's pieces wait until the helper has thrown
        }
    };
    crew.add(job);
    EXPECT_THROW(crew.complete(job), std::bad_alloc);
    crew.abandon();
}

} // namespace
} // namespace bvh
