#include "app/folder/folder_summaries.h"

#include "core/model/diagnostic.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <new>

namespace bvhscope::viewer {

namespace {

std::vector<std::string> keptDiagnostics(const std::string& shownPath,
                                         const bvh::Document& document) {
    std::vector<std::string> lines;
    for (const bvh::Severity severity : {bvh::Severity::Error, bvh::Severity::Warning}) {
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (diagnostic.severity == severity && lines.size() < kKeptDiagnostics) {
                lines.push_back(bvh::formatDiagnostic(shownPath, diagnostic));
            }
        }
    }
    return lines;
}

// The skeleton (moved out of `document`) and its middle frame.
bvh::Document thumbnailPoseOf(bvh::Document& document, std::uint32_t& frame) {
    bvh::Document pose;
    const bvh::Motion& motion = document.motion;
    pose.motion.channelCount = motion.channelCount;
    pose.motion.frameTime = motion.frameTime;
    pose.motion.frameTimeAssumed = motion.frameTimeAssumed;
    pose.hasMotionSection = document.hasMotionSection;
    frame = motion.frameCount / 2;
    if (motion.frameCount > 0) {
        const std::span<const float> row = motion.frame(frame);
        pose.motion.values.assign(row.begin(), row.end());
        pose.motion.frameCount = 1;
        pose.declaredFrameCount = 1;
    }
    pose.skeleton = std::move(document.skeleton);
    pose.nodeLocations = std::move(document.nodeLocations);
    return pose;
}

// summarizeFile without the catch.
FileFacts summarizeFileOrThrow(const std::filesystem::path& path, bvh::LoadProgress& progress);

} // namespace

FileFacts summarizeFile(const std::filesystem::path& path, bvh::LoadProgress& progress) {
    try {
        return summarizeFileOrThrow(path, progress);
    } catch (const std::bad_alloc&) {
        // A file too large for the memory left fails alone; the browser and the pool go on.
        FileFacts facts;
        facts.summary.errors = 1;
        facts.diagnosticLines = {bvh::utf8FromPath(path) +
                                 ": error: out of memory while reading the file; nothing was "
                                 "loaded"};
        return facts;
    }
}

namespace {

FileFacts summarizeFileOrThrow(const std::filesystem::path& path, bvh::LoadProgress& progress) {
    std::mutex motionLock; // loadDocument takes it when it grows the values (nobody else reads)
    bvh::ParseOptions options;
    options.threads = 1; // the pool's threads are the parallelism
    options.progress = &progress;
    options.motionLock = &motionLock;
    FileFacts facts;
    bvh::Document document = bvh::loadDocument(path, options);
    bvh::dropIfFailed(document); // nobody watched the load: nothing half-read is summarised
    if (progress.cancelRequested.load(std::memory_order_relaxed)) {
        facts.cancelled = true;
        return facts;
    }
    const std::string shownPath = bvh::utf8FromPath(path);
    facts.summary = bvh::summarize(document, bvh::TranslationMode::Auto);
    facts.diagnosticLines = keptDiagnostics(shownPath, document);
    facts.loaded = document.loaded() && document.skeleton.nodeCount() > 0;
    if (document.loaded() && !facts.loaded) {
        // As the viewer refuses it (file_loading.cpp): nothing to show.
        facts.diagnosticLines.insert(facts.diagnosticLines.begin(),
                                     shownPath + ": error: the file has no skeleton");
        facts.summary.errors = 1;
    }
    if (facts.loaded) {
        facts.restAnimation =
            bvh::compareRestWithAnimation(document.skeleton, document.motion,
                                          facts.summary.translationUsed, facts.summary.restPose);
        facts.thumbnailPose = thumbnailPoseOf(document, facts.thumbnailFrame);
    }
    return facts; // `document`, with every frame, is freed here
}

} // namespace

unsigned defaultSummaryWorkers(unsigned hardwareThreads) {
    return std::clamp(hardwareThreads, 2u, 5u) - 1;
}

// [SECTION] The pool

SummaryPool::SummaryPool(std::vector<std::filesystem::path> files, unsigned workers,
                         Summarizer summarizer)
    : files_(std::move(files)), summarizer_(std::move(summarizer)), started_(files_.size()) {
    const std::size_t threads = std::min<std::size_t>(std::max(workers, 1u), files_.size());
    threads_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) {
        threads_.emplace_back([this] { work(); });
    }
}

SummaryPool::~SummaryPool() {
    {
        const std::lock_guard lock(mutex_);
        closing_ = true;
        for (const InFlight& reading : inFlight_) {
            reading.progress->cancelRequested.store(true, std::memory_order_relaxed);
        }
    }
    for (std::thread& thread : threads_) {
        thread.join();
    }
}

void SummaryPool::prioritize(std::size_t first, std::size_t last) {
    const std::lock_guard lock(mutex_);
    priority_.clear();
    last = std::min(last, files_.size());
    // Taken from the back: the first row on screen is read first.
    for (std::size_t i = last; i-- > first;) {
        if (!started_[i]) {
            priority_.push_back(i);
        }
    }
}

std::optional<std::size_t> SummaryPool::takeNextLocked() {
    if (closing_) {
        return std::nullopt;
    }
    while (!priority_.empty()) {
        const std::size_t index = priority_.back();
        priority_.pop_back();
        if (!started_[index]) {
            started_[index] = true;
            return index;
        }
    }
    while (nextInOrder_ < files_.size() && started_[nextInOrder_]) {
        ++nextInOrder_;
    }
    if (nextInOrder_ == files_.size()) {
        return std::nullopt;
    }
    started_[nextInOrder_] = true;
    return nextInOrder_++;
}

void SummaryPool::work() {
    for (;;) {
        bvh::LoadProgress progress;
        std::size_t index = 0;
        {
            const std::lock_guard lock(mutex_);
            const std::optional<std::size_t> next = takeNextLocked();
            if (!next) {
                return;
            }
            index = *next;
            inFlight_.push_back({index, &progress});
        }
        FileFacts facts = summarizer_(files_[index], progress);
        const std::lock_guard lock(mutex_);
        std::erase_if(inFlight_, [&](const InFlight& reading) { return reading.index == index; });
        ++completed_;
        if (!closing_ && !facts.cancelled) {
            finished_.push_back({index, std::move(facts)});
        }
    }
}

std::vector<SummaryPool::Finished> SummaryPool::takeFinished() {
    std::vector<Finished> taken;
    const std::lock_guard lock(mutex_);
    taken.swap(finished_);
    return taken;
}

std::vector<SummaryPool::Reading> SummaryPool::reading() const {
    std::vector<Reading> result;
    const std::lock_guard lock(mutex_);
    for (const InFlight& reading : inFlight_) {
        const auto total = reading.progress->bytesTotal.load(std::memory_order_relaxed);
        const auto read = reading.progress->bytesRead.load(std::memory_order_relaxed);
        result.push_back(
            {reading.index,
             total == 0 ? 0.0 : static_cast<double>(read) / static_cast<double>(total)});
    }
    return result;
}

bool SummaryPool::done() const {
    const std::lock_guard lock(mutex_);
    return completed_ == files_.size() && finished_.empty();
}

} // namespace bvhscope::viewer
