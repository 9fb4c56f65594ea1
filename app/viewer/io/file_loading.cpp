#include "app/viewer/io/file_loading.h"

#include "core/model/diagnostic.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <new>
#include <system_error>
#include <thread>

namespace bvhscope::viewer {

namespace {

std::string displayNameOf(const std::string& path) {
    const std::string name = bvh::utf8FromPath(bvh::pathFromUtf8(path).filename());
    return name.empty() ? path : name;
}

// The error lines of a document that cannot be shown; empty when it can.
std::vector<std::string> errorLinesOf(const std::string& shownPath, const bvh::Document& document) {
    std::vector<std::string> lines;
    if (!document.loaded()) {
        for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
            if (diagnostic.severity == bvh::Severity::Error) {
                lines.push_back(bvh::formatDiagnostic(shownPath, diagnostic));
            }
        }
    } else if (document.skeleton.nodeCount() == 0) {
        lines.push_back(shownPath + ": error: the file has no skeleton");
    }
    return lines;
}

LoadOutcome fromDocument(const std::string& displayName, const std::string& path,
                         bvh::Document document) {
    LoadOutcome outcome;
    outcome.errorLines = errorLinesOf(path.empty() ? displayName : path, document);
    if (outcome.errorLines.empty()) {
        outcome.character = scene::makeCharacter(displayName, path, std::move(document));
    }
    return outcome;
}

} // namespace

LoadOutcome loadCharacterFile(const std::string& path) {
    return fromDocument(displayNameOf(path), path,
                        bvh::loadDocument(bvh::pathFromUtf8(path), bvh::everyCoreOptions()));
}

LoadOutcome loadBundledSample() {
    return fromDocument(std::string(kSampleFileName), "",
                        bvh::parseDocument(embeddedAsset(kSampleFileName)));
}

// [SECTION] Background loading

void FileLoads::open(const std::string& path) {
    TimingRecord record;
    record.timing.path = path;
    record.timing.started = LoadTiming::Clock::now();
    std::function<void()> afterHeader;
    if (pauseAfterHeader_.count() > 0) {
        afterHeader = [pause = pauseAfterHeader_] { std::this_thread::sleep_for(pause); };
    }
    try {
        // Rows are parsed on every core: while a file loads the UI only redraws its progress,
        // so a core left to it would mostly stand idle (the window still gets its turns).
        std::unique_ptr<bvh::BackgroundLoad> load;
#ifdef BVHSCOPE_STEPPED_BACKGROUND_LOAD
        if (std::shared_ptr<bvh::StreamedText> text =
                streamedTexts_ ? streamedTexts_(path) : nullptr) {
            load = std::make_unique<bvh::BackgroundLoad>(bvh::pathFromUtf8(path), std::move(text));
        }
#endif
        if (!load) {
            load = std::make_unique<bvh::BackgroundLoad>(bvh::pathFromUtf8(path), bvh::kEveryCore,
                                                         std::move(afterHeader));
        }
        record.load = load.get();
        timings_.push_back(std::move(record));
        waiting_.push_back({displayNameOf(path), path, std::move(load)});
    } catch (const std::bad_alloc&) {
        failedStarts_.push_back(path + ": error: out of memory; the file was not opened");
    } catch (const std::system_error& error) {
        failedStarts_.push_back(path + ": error: cannot start reading: " + error.what());
    }
}

namespace {

std::string outOfMemoryLine(const std::string& path) {
    return path + ": error: out of memory while loading; the file was closed";
}

// A figure drawn as nothing (scene::figureNotDrawnNotes: every joint on one point, or a unit
// that makes it too large or small to draw): the notice says why the view shows no figure.
void noteFigureNotDrawn(const scene::Character& character, std::vector<std::string>& notices) {
    for (const std::string& note : scene::figureNotDrawnNotes(character)) {
        notices.push_back(note + ": the view shows no figure");
    }
}

} // namespace

FileLoads::TimingRecord* FileLoads::recordOf(const bvh::BackgroundLoad* load) {
    // Newest first: a load removed while running leaves its record, and a later load may get
    // its address.
    for (auto record = timings_.rbegin(); record != timings_.rend(); ++record) {
        if (record->load == load) {
            return &*record;
        }
    }
    return nullptr;
}

bool FileLoads::heldAfterHeader(const bvh::BackgroundLoad& load) const {
#ifdef BVHSCOPE_STEPPED_BACKGROUND_LOAD
    return holdAfterHeader_ && load.headerReady() && !load.finished();
#else
    (void)load;
    return false; // the load's thread reads on
#endif
}

bool FileLoads::canAdvance(const bvh::BackgroundLoad& load) const {
#ifdef BVHSCOPE_STEPPED_BACKGROUND_LOAD
    if (load.waitingForText()) {
        return false;
    }
#endif
    return !load.finished() && !heldAfterHeader(load);
}

void FileLoads::advanceLoad(bvh::BackgroundLoad& load,
                            std::chrono::steady_clock::duration budget) const {
    if (!canAdvance(load)) {
        return;
    }
    // Held: one step, the header (a longer budget would go on into the rows).
    load.advance(holdAfterHeader_ ? std::chrono::steady_clock::duration::zero() : budget);
}

void FileLoads::waitForFirstPoses() {
    // About two thirds of a frame on a software renderer: a load reads its header and first
    // rows (a 256 KB block, bvh::ParseOptions::firstBlockBytes) in a few ms from the page cache.
    constexpr auto kFirstPoseWait = std::chrono::milliseconds(8);
    const auto deadline = std::chrono::steady_clock::now() + kFirstPoseWait;
    for (Waiting& waiting : waiting_) {
        if (!waiting.openedThisFrame) {
            continue;
        }
        waiting.openedThisFrame = false;
        bvh::BackgroundLoad& load = *waiting.load;
        while (canAdvance(load) && !(load.headerReady() && load.framesLoaded() > 0) &&
               std::chrono::steady_clock::now() < deadline) {
            // Read here where no thread reads it (the page); else wait for the thread.
            advanceLoad(load, deadline - std::chrono::steady_clock::now());
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    }
}

void FileLoads::advance(scene::Scene& scene, std::chrono::milliseconds budget) {
    // In the order opened: the first file streams in first, the rest wait their turn. A load
    // with a thread of its own (native) does nothing here.
    const auto deadline = std::chrono::steady_clock::now() + budget;
    auto step = [&](bvh::BackgroundLoad& load) {
        const auto now = std::chrono::steady_clock::now();
        if (now < deadline) {
            advanceLoad(load, deadline - now);
        }
    };
    for (scene::Character& character : scene.characters()) {
        if (character.fileLoad.load) {
            step(*character.fileLoad.load);
        }
    }
    for (Waiting& waiting : waiting_) {
        step(*waiting.load);
    }
}

void FileLoads::markCompleted(const bvh::BackgroundLoad* load, bool failed, bool hadFrames,
                              LoadTiming::Clock::time_point now) {
    if (TimingRecord* record = recordOf(load)) {
        record->timing.header = record->timing.header.value_or(now);
        record->timing.complete = now;
        record->timing.failed = failed;
        record->framesSeen =
            record->framesSeen || (hadFrames && !failed && !record->timing.firstFrameShown);
        record->load = nullptr;
    }
}

void FileLoads::markFramesSeen(const bvh::BackgroundLoad* load) {
    if (TimingRecord* record = recordOf(load)) {
        record->framesSeen = true;
    }
}

void FileLoads::updateLoadingCharacter(std::size_t index, scene::Character& character,
                                       const UpdateContext& context, Events& events) {
    const bvh::BackgroundLoad* load = character.fileLoad.load.get();
    try {
        if (!character.fileLoad.load->finished()) {
            if (scene::refreshLoadingCharacter(character)) {
                scene::applyAxes(character, context.upAxis, context.unit);
                events.reshaped = true;
                markFramesSeen(load);
            }
            return;
        }
        bvh::Document document = character.fileLoad.load->take();
        std::vector<std::string> errors = errorLinesOf(character.clip->sourcePath, document);
        markCompleted(load, !errors.empty(), document.motion.frameCount > 0, context.now);
        if (!errors.empty()) {
            events.errorLines.insert(events.errorLines.end(), errors.begin(), errors.end());
            events.failedCharacters.push_back(index);
            scene::cancelLoad(character);
            return;
        }
        scene::finishLoadingCharacter(character, std::move(document));
        scene::applyAxes(character, context.upAxis, context.unit);
        noteFigureNotDrawn(character, events.notices);
        events.reshaped = true;
        events.finished = true;
    } catch (const std::bad_alloc&) {
        markCompleted(load, true, false, context.now);
        scene::cancelLoad(character); // cancels a load still running, and frees what it read
        events.errorLines.push_back(outOfMemoryLine(character.clip->sourcePath));
        events.failedCharacters.push_back(index);
    }
}

void FileLoads::addFinishedWaiting(Waiting& waiting, scene::Scene& scene,
                                   const UpdateContext& context, Events& events) {
    bvh::BackgroundLoad& load = *waiting.load;
    try {
        bvh::Document document = load.take();
        const bool hadFrames = document.motion.frameCount > 0;
        LoadOutcome outcome = fromDocument(waiting.displayName, waiting.path, std::move(document));
        markCompleted(&load, !outcome.character.has_value(), hadFrames, context.now);
        if (!outcome.character) {
            events.errorLines.insert(events.errorLines.end(), outcome.errorLines.begin(),
                                     outcome.errorLines.end());
            return;
        }
        scene::applyAxes(*outcome.character, context.upAxis, context.unit);
        noteFigureNotDrawn(*outcome.character, events.notices);
        scene.add(std::move(*outcome.character));
        events.added = true;
        events.finished = true;
    } catch (const std::bad_alloc&) {
        markCompleted(&load, true, false, context.now);
        events.errorLines.push_back(outOfMemoryLine(waiting.path));
    }
}

void FileLoads::addLoadingWaiting(Waiting& waiting, scene::Scene& scene,
                                  const UpdateContext& context, Events& events) {
    bvh::BackgroundLoad& load = *waiting.load;
    if (TimingRecord* record = recordOf(&load)) {
        record->timing.header = context.now;
    }
    try {
        scene::Character character =
            scene::makeLoadingCharacter(waiting.displayName, waiting.path, std::move(waiting.load));
        if (scene::refreshLoadingCharacter(character)) {
            markFramesSeen(character.fileLoad.load.get());
        }
        scene::applyAxes(character, context.upAxis, context.unit);
        scene.add(std::move(character));
        events.added = true;
    } catch (const std::bad_alloc&) {
        markCompleted(&load, true, false, context.now);
        events.errorLines.push_back(outOfMemoryLine(waiting.path));
    }
}

FileLoads::Events FileLoads::update(scene::Scene& scene, scene::UpAxisChoice upAxis,
                                    scene::UnitChoice unit) {
    waitForFirstPoses();
    Events events;
    events.errorLines = std::move(failedStarts_);
    failedStarts_.clear();
    const UpdateContext context{upAxis, unit, LoadTiming::Clock::now()};

    // Characters already shown: frames so far, finished documents, failures. Highest index
    // first (Events::failedCharacters).
    std::vector<scene::Character>& characters = scene.characters();
    for (std::size_t i = characters.size(); i-- > 0;) {
        if (characters[i].loading()) {
            updateLoadingCharacter(i, characters[i], context, events);
        }
    }

    // Files still waiting for their header, in the order opened, so characters keep that
    // order (and their colours) however the loads race.
    std::size_t done = 0;
    for (; done < waiting_.size(); ++done) {
        Waiting& waiting = waiting_[done];
        const bvh::BackgroundLoad& load = *waiting.load;
        if (load.finished()) {
            addFinishedWaiting(waiting, scene, context, events);
            continue;
        }
        // A header without a skeleton ends as an error: wait for it.
        if (!load.headerReady() || load.document().skeleton.nodeCount() == 0) {
            break;
        }
        addLoadingWaiting(waiting, scene, context, events);
    }
    waiting_.erase(waiting_.begin(), waiting_.begin() + static_cast<std::ptrdiff_t>(done));
    return events;
}

bool FileLoads::busy(const scene::Scene& scene) const {
    return !waiting_.empty() ||
           std::any_of(scene.characters().begin(), scene.characters().end(),
                       [](const scene::Character& character) { return character.loading(); });
}

bool FileLoads::reading(const scene::Scene& scene) const {
    // A held load has nothing for advance() to do.
    const auto readsOn = [this](const bvh::BackgroundLoad& load) {
        return !load.finished() && !heldAfterHeader(load);
    };
    return std::any_of(waiting_.begin(), waiting_.end(),
                       [&](const Waiting& waiting) { return readsOn(*waiting.load); }) ||
           std::any_of(scene.characters().begin(), scene.characters().end(),
                       [&](const scene::Character& character) {
                           return character.fileLoad.load && readsOn(*character.fileLoad.load);
                       });
}

bool FileLoads::readableNow(const scene::Scene& scene) const {
    return std::any_of(waiting_.begin(), waiting_.end(),
                       [&](const Waiting& waiting) { return canAdvance(*waiting.load); }) ||
           std::any_of(scene.characters().begin(), scene.characters().end(),
                       [&](const scene::Character& character) {
                           return character.fileLoad.load && canAdvance(*character.fileLoad.load);
                       });
}

bool FileLoads::onlyStreaming(const scene::Scene& scene) const {
    return waiting_.empty() && failedStarts_.empty() &&
           std::none_of(timings_.begin(), timings_.end(),
                        [](const TimingRecord& record) { return record.framesSeen; }) &&
           busy(scene);
}

void FileLoads::frameShown(LoadTiming::Clock::time_point now) {
    for (TimingRecord& record : timings_) {
        if (record.framesSeen) {
            record.timing.firstFrameShown = now;
            record.framesSeen = false;
        }
        if (record.timing.complete) {
            record.shownAfterCompletion = true;
        }
    }
}

std::vector<LoadTiming> FileLoads::takeCompletedTimings() {
    std::vector<LoadTiming> completed;
    for (TimingRecord& record : timings_) {
        if (record.shownAfterCompletion && !record.reported) {
            completed.push_back(record.timing);
            record.reported = true;
        }
    }
    std::erase_if(timings_, [](const TimingRecord& record) { return record.reported; });
    return completed;
}

} // namespace bvhscope::viewer
