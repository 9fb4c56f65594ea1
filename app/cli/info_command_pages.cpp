#include "app/cli/info_command_pages.h"

#include "core/analysis/kept_vectors.h"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace bvhscope::cli {
namespace {

struct PageSlot {
    FilePage page;
    std::exception_ptr failure; // what make() threw instead
    bool done = false;
};

// The pages of one makePagesInOrder call, made by either thread and written by the caller.
class PageBoard {
public:
    PageBoard(std::size_t count, const std::function<FilePage(std::size_t)>& make)
        : slots_(count), make_(make) {}

    // The next index to make, or none: every index is taken, or a page failed.
    std::optional<std::size_t> take() {
        if (failed_.load(std::memory_order_relaxed)) {
            return std::nullopt;
        }
        const std::size_t index = next_.fetch_add(1, std::memory_order_relaxed);
        return index < slots_.size() ? std::optional(index) : std::nullopt;
    }

    // Makes page `index` and files it. The caller is woken only where it waits for one: a
    // notification per page cost a futex call each.
    void make(std::size_t index) {
        PageSlot made;
        try {
            made.page = make_(index);
        } catch (...) { // std::bad_alloc: rethrown by the caller in the page's place
            made.failure = std::current_exception();
            failed_.store(true, std::memory_order_relaxed);
        }
        made.done = true;
        bool wake = false;
        {
            const std::scoped_lock lock(mutex_);
            slots_[index] = std::move(made);
            wake = callerWaits_;
        }
        if (wake) {
            pageDone_.notify_one();
        }
    }

    // Writes the pages that are done, in order, from the first not yet written; where `wait`,
    // until every page is written. Rethrows a failed page's exception in its place.
    void writeDone(bool wait, const std::function<void(std::size_t, FilePage&)>& write) {
        while (written_ < slots_.size()) {
            PageSlot slot;
            {
                std::unique_lock lock(mutex_);
                if (!slots_[written_].done) {
                    if (!wait) {
                        return;
                    }
                    callerWaits_ = true;
                    pageDone_.wait(lock, [&] { return slots_[written_].done; });
                    callerWaits_ = false;
                }
                slot = std::move(slots_[written_]);
            }
            if (slot.failure != nullptr) {
                std::rethrow_exception(slot.failure);
            }
            write(written_, slot.page);
            ++written_;
        }
    }

    // No index is taken from now on (the caller gives up).
    void stop() { failed_.store(true, std::memory_order_relaxed); }

private:
    std::vector<PageSlot> slots_;
    const std::function<FilePage(std::size_t)>& make_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> failed_{false};
    std::mutex mutex_;
    std::condition_variable pageDone_;
    bool callerWaits_ = false; // under mutex_
    std::size_t written_ = 0;  // the caller's alone
};

} // namespace

void makePagesInOrder(std::size_t count, unsigned threads,
                      const std::function<FilePage(std::size_t index)>& make,
                      const std::function<void(std::size_t index, FilePage& page)>& write) {
    PageBoard board(count, make);
    std::thread helper;
    if (threads >= 2 && count >= 2) {
        helper = std::thread([&board] {
            bvh::KeptVectors kept; // the analyses' vectors, reused take after take
            const bvh::KeptVectorsScope keptHere(kept);
            while (const std::optional<std::size_t> index = board.take()) {
                board.make(*index);
            }
        });
    }
    bvh::KeptVectors kept; // the caller's thread's, as the helper's
    const bvh::KeptVectorsScope keptHere(kept);
    try {
        while (const std::optional<std::size_t> index = board.take()) {
            board.make(*index);
            board.writeDone(false, write);
        }
        board.writeDone(true, write);
    } catch (...) {
        board.stop();
        if (helper.joinable()) {
            helper.join();
        }
        throw;
    }
    if (helper.joinable()) {
        helper.join();
    }
}

} // namespace bvhscope::cli
