#include "core/reader/parsing_crew.h"

#include <algorithm>
#include <system_error>
#include <utility>

namespace bvh {

ParsingCrew::~ParsingCrew() {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    workAdded_.notify_all();
    for (std::thread& helper : helpers_) {
        helper.join();
    }
}

void ParsingCrew::add(CrewJob& job) {
    job.nextPiece = 0;
    job.donePieces = 0;
    job.nextChunk = 0;
    job.doneChunks = 0;
    job.chunks = 0;
    job.abandoned = false;
    if (job.roomEnd > job.roomBegin) {
        const auto start = reinterpret_cast<std::uintptr_t>(job.roomBegin);
        const auto end = reinterpret_cast<std::uintptr_t>(job.roomEnd);
        job.firstChunk = start & ~(kHugePageBytes - 1);
        job.chunks = (end - job.firstChunk + kHugePageBytes - 1) / kHugePageBytes;
    }
    job.open = job.chunks == 0;
    if (job.open && job.prepare) {
        const std::lock_guard<std::mutex> preparing(prepareMutex_);
        job.prepare();
    }
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        jobs_.push_back(&job);
    }
    if (job.pieces > 1) {
        startHelpers(std::min<std::size_t>(threads_ - 1, job.pieces - 1));
    }
    workAdded_.notify_all();
}

void ParsingCrew::startHelpers(std::size_t wanted) {
    while (helpers_.size() < wanted) {
        try {
            helpers_.emplace_back([this] { helperLoop(); });
        } catch (const std::system_error&) {
            return; // no thread to be had (the web page): the caller parses the rest
        }
    }
}

// Room chunks come before pieces: a chunk (2 MiB of page zeroing, a few ms on the virtual
// machines measured) taken last would keep the other threads waiting for it, a piece hardly.
ParsingCrew::Task ParsingCrew::takeLocked() {
    for (CrewJob* job : jobs_) {
        if (job->nextChunk < job->chunks) {
            return {job, job->nextChunk++, true};
        }
    }
    for (CrewJob* job : jobs_) {
        if (job->open && job->nextPiece < job->pieces) {
            return {job, job->nextPiece++, false};
        }
    }
    return {};
}

void ParsingCrew::populate(const Task& task) {
    const CrewJob& job = *task.job;
    char* const chunkStart = reinterpret_cast<char*>(job.firstChunk + task.index * kHugePageBytes);
    char* const from = std::max(chunkStart, job.roomBegin);
    char* const to = std::min(chunkStart + kHugePageBytes, job.roomEnd);
    pages_.populate(from, static_cast<std::size_t>(to - from),
                    std::max(job.regionEnd, job.roomEnd));
}

void ParsingCrew::runUnlocked(const Task& task, std::unique_lock<std::mutex>& lock) {
    CrewJob& job = *task.job;
    lock.unlock();
    if (!task.chunk) {
        job.parsePiece(task.index);
        lock.lock();
        if (++job.donePieces == job.pieces) {
            pieceParsed_.notify_all();
        }
        return;
    }
    populate(task);
    lock.lock();
    if (++job.doneChunks < job.chunks || job.abandoned) {
        return;
    }
    lock.unlock();
    if (job.prepare) {
        const std::lock_guard<std::mutex> preparing(prepareMutex_);
        job.prepare();
    }
    lock.lock();
    job.open = true;
    workAdded_.notify_all();
    pieceParsed_.notify_all(); // complete() may be waiting for the pieces to open
}

void ParsingCrew::helperLoop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        if (stopping_) {
            return;
        }
        const Task task = takeLocked();
        if (task.job == nullptr) {
            workAdded_.wait(lock);
            continue;
        }
        ++running_;
        try {
            runUnlocked(task, lock);
        } catch (...) {
            // Handed to the thread that waits for the block: an exception may not leave a
            // thread. The piece counts as done, so that the wait ends.
            lock.lock();
            if (!failure_) {
                failure_ = std::current_exception();
            }
            if (task.chunk) {
                task.job->open = true; // prepare() threw: its pieces go on, and complete() throws
                workAdded_.notify_all();
                pieceParsed_.notify_all();
            } else if (++task.job->donePieces == task.job->pieces) {
                pieceParsed_.notify_all();
            }
        }
        if (--running_ == 0) {
            pieceParsed_.notify_all(); // abandon() may be waiting for that
        }
    }
}

void ParsingCrew::complete(CrewJob& job) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (job.donePieces < job.pieces) {
        const Task task = takeLocked();
        if (task.job == nullptr) {
            pieceParsed_.wait(lock);
            continue;
        }
        // What this thread throws leaves from here, the lock released: the owner stops the
        // crew (its destructor) before the blocks go.
        runUnlocked(task, lock);
    }
    if (failure_) {
        std::exception_ptr failure = std::exchange(failure_, nullptr);
        lock.unlock();
        std::rethrow_exception(failure);
    }
}

void ParsingCrew::retire(CrewJob& job) {
    const std::lock_guard<std::mutex> lock(mutex_);
    std::erase(jobs_, &job);
}

void ParsingCrew::abandon() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (CrewJob* job : jobs_) {
        job->nextPiece = job->pieces;
        job->nextChunk = job->chunks;
        job->abandoned = true;
    }
    pieceParsed_.wait(lock, [this] { return running_ == 0; });
    jobs_.clear();
}

} // namespace bvh
