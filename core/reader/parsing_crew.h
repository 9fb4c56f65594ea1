// The threads that parse a load's rows, kept for the whole load, and the work they share.
// Internal to the core; motion_reader.cpp uses it.
//
// The rows are parsed block by block, and each block in pieces. Threads started for each block
// and joined at its end left every other core idle while one thread read the next block, merged
// the last one and started threads again. A crew is started once and shares the pieces of two
// blocks at a time (the one being finished and the next), so the others go on with the next
// block while one thread reads, merges and publishes a block's frames: no barrier per block.
//
// The room a block's rows will fill is populated (populateForWriting) in huge-page chunks before
// its pieces are taken, by whichever threads are free: the kernel's zeroing of fresh pages,
// as much CPU as the parsing on the virtual machines measured, is shared by every core too, and
// the block's pieces can be taken as soon as the last chunk is done, whoever did it. The chunks
// of one load share a FreshPageFiller, which turns to small pages where huge pages prove slow.
#pragma once

#include "core/platform/huge_pages.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace bvh {

// One block's share of the work. Stays at one address from ParsingCrew::add to retire.
struct CrewJob {
    std::size_t pieces = 0;
    // Parses piece `index` (0..pieces-1), on any thread of the crew.
    std::function<void(std::size_t index)> parsePiece;
    // The room its rows will fill, populated before its pieces are taken (empty: none).
    char* roomBegin = nullptr;
    char* roomEnd = nullptr;
    // The end of the allocation the room lies in (roomEnd or later): the rooms after this one
    // follow it there, and FreshPageFiller may advise small pages up to it.
    char* regionEnd = nullptr;
    // Called once the room is populated, before any piece is taken, on the thread that
    // populated its last chunk (at once in add() when there is no room), never on two threads
    // at once: what makes the room ready for the rows (the value vector grows over it).
    std::function<void()> prepare;

    // Kept by the crew, under its lock.
    std::size_t nextPiece = 0;
    std::size_t donePieces = 0;
    std::uintptr_t firstChunk = 0;
    std::size_t chunks = 0;
    std::size_t nextChunk = 0;
    std::size_t doneChunks = 0;
    bool open = false;      // prepared: its pieces may be taken
    bool abandoned = false; // ParsingCrew::abandon: nothing more is done for it
};

class ParsingCrew {
public:
    // `threads`: the threads in all, the caller's included (1: the caller does all the work).
    explicit ParsingCrew(unsigned threads) : threads_(threads) {}
    // Stops and joins the crew; a piece under way is finished first.
    ~ParsingCrew();
    ParsingCrew(const ParsingCrew&) = delete;
    ParsingCrew& operator=(const ParsingCrew&) = delete;

    // Hands `job` to the crew, after the jobs it already has (at most one). The crew populates
    // its room at once, prepares it, then parses its pieces; the pieces of older jobs come
    // first. Starts the other threads the first time a job has more than one piece; where none
    // can be started, the caller does all the work in complete().
    void add(CrewJob& job);
    // Works on the calling thread until every piece of `job` is parsed: room chunks first, then
    // pieces, oldest job first (the pieces of a later job while the last ones of `job` are
    // parsed elsewhere). Rethrows what a piece threw on another thread (std::bad_alloc).
    void complete(CrewJob& job);
    // Forgets `job`, whose pieces are all parsed; its slot may then be reused for a later job.
    void retire(CrewJob& job);
    // No more work of any job is taken; returns once no thread runs any, with no job left.
    // What a load that ends early (a section keyword, the memory bound, a cancel) does before
    // the values are trimmed, and what comes before the values move.
    void abandon();

private:
    struct Task {
        CrewJob* job = nullptr; // nullptr: no task
        std::size_t index = 0;
        bool chunk = false;
    };

    Task takeLocked();
    // Runs `task` with the lock released, and counts it done.
    void runUnlocked(const Task& task, std::unique_lock<std::mutex>& lock);
    void populate(const Task& task);
    void startHelpers(std::size_t wanted);
    void helperLoop();

    unsigned threads_;
    std::mutex mutex_;
    std::mutex prepareMutex_;             // one CrewJob::prepare at a time
    std::condition_variable workAdded_;   // helpers wait here for work
    std::condition_variable pieceParsed_; // complete() waits here for the last pieces
    std::vector<CrewJob*> jobs_;          // oldest first, at most two
    std::size_t running_ = 0;             // tasks under way on the helpers
    bool stopping_ = false;
    std::exception_ptr failure_;
    std::vector<std::thread> helpers_;
    FreshPageFiller pages_; // every room of the load
};

} // namespace bvh
