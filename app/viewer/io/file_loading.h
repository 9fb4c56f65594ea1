// Opening files (and the bundled sample) as characters. A file that does not load yields its
// diagnostics as `FILE:LINE:COL: error: message` lines; it never throws.
//
// The viewer opens files in the background (FileLoads), so the window keeps drawing while a
// large file is read: the skeleton appears once the header is read, the frames loaded so far
// can be played and scrubbed, and the finished document replaces the partial one.
#pragma once

#include "app/scene/character.h"
#include "app/scene/scene.h"

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

struct LoadOutcome {
    std::optional<scene::Character> character;
    std::vector<std::string> errorLines; // every diagnostic when the file failed
};

// Reads the whole file before returning (the render benchmark and tests).
LoadOutcome loadCharacterFile(const std::string& path);
// The walk cycle embedded from assets/sample_walk.bvh at build time.
LoadOutcome loadBundledSample();

// The text of an embedded asset by file name; empty when there is none.
std::string_view embeddedAsset(std::string_view fileName);
inline constexpr std::string_view kSampleFileName = "sample_walk.bvh";

// [SECTION] Background loading

// When each stage of one file's load happened (for --print-load-timing). "First frame shown"
// is the end of the first buffer swap after frames were found loaded.
struct LoadTiming {
    using Clock = std::chrono::steady_clock;
    std::string path;
    Clock::time_point started;
    std::optional<Clock::time_point> header;
    std::optional<Clock::time_point> firstFrameShown;
    std::optional<Clock::time_point> complete; // finished: loaded or failed
    bool failed = false;
};

class FileLoads {
public:
    FileLoads() = default;
    FileLoads(const FileLoads&) = delete;
    FileLoads& operator=(const FileLoads&) = delete;

    // Starts reading `path` on a background thread. A load that cannot start (no thread, no
    // memory) is reported by the next update() as a failed load.
    void open(const std::string& path);
    // The page (app/web): the text a path opened from now on names when it is a download still
    // arriving, read as it arrives (core/reader/streamed_text.h); null for a file. Only loads
    // with no thread of their own (BVHSCOPE_STEPPED_BACKGROUND_LOAD) read streamed texts.
    using StreamedTextLookup =
        std::function<std::shared_ptr<bvh::StreamedText>(const std::string& path)>;
    void readStreamedTextsFrom(StreamedTextLookup lookup) { streamedTexts_ = std::move(lookup); }
    // Test hook: loads started from now on wait this long between the header and the rows.
    void pauseAfterHeaderForTests(std::chrono::milliseconds pause) { pauseAfterHeader_ = pause; }
    // Test hook of the web page's checks (bvhscope_web_hold_loads), where the caller's advance()
    // does the reading: while on, a load reads its header and then nothing more until the hold
    // is turned off, so a check can act while a file is known to be loading. A load with a
    // thread of its own (native) is not held.
    void holdAfterHeaderForTests(bool hold) { holdAfterHeader_ = hold; }
    // Whether that hold stops `load` now: its header read, its rows not all.
    bool heldAfterHeader(const bvh::BackgroundLoad& load) const;

    // What happened during one update().
    struct Events {
        std::vector<std::string> errorLines; // of loads that failed
        // About files that finished loading, "NAME: what": a figure drawn as nothing, and why.
        std::vector<std::string> notices;
        // Characters whose load failed, to be removed, highest index first (so each index
        // is still valid when its turn comes).
        std::vector<std::size_t> failedCharacters;
        bool added = false;    // characters were added to the scene
        bool reshaped = false; // motion bounds changed (first frames, finished documents)
        bool finished = false; // a load completed
    };

    // Once per UI frame: adds characters whose header is ready (in the order the files were
    // opened), refreshes the frames loaded, swaps finished documents in (applying the axis and
    // unit choices) and reports failures. Running out of memory for one file (reading it, or
    // making its character) fails that file only, with an error line: the scene keeps every
    // other character.
    Events update(scene::Scene& scene, scene::UpAxisChoice upAxis, scene::UnitChoice unit);

    // Files whose header is still being read (not yet characters).
    struct Waiting {
        std::string displayName;
        std::string path;
        std::unique_ptr<bvh::BackgroundLoad> load;
        bool openedThisFrame = true; // not yet seen by update()
    };
    const std::vector<Waiting>& waiting() const { return waiting_; }

    // Where loads have no thread of their own (the web page, between its frames), reads slices
    // of their files for about `budget`; elsewhere nothing.
    void advance(scene::Scene& scene, std::chrono::milliseconds budget);

    // Every file being read is a character already shown, its first frames drawn: what is left
    // is streaming the rest in.
    bool onlyStreaming(const scene::Scene& scene) const;

    // A file is being read: one still waiting for its header, or a loading character.
    bool busy(const scene::Scene& scene) const;

    // Some file has bytes left to read (a download may still have to bring them); busy() stays
    // true after that until update() has taken the finished documents.
    bool reading(const scene::Scene& scene) const;
    // Some file has bytes advance() can read now: reading(), less the downloads waiting for
    // their next piece.
    bool readableNow(const scene::Scene& scene) const;

    // After a buffer swap: stamps "first frame shown" for loads whose frames were found
    // loaded by the last update().
    void frameShown(LoadTiming::Clock::time_point now);
    // Timings of loads that completed and were shown since the last call.
    std::vector<LoadTiming> takeCompletedTimings();

private:
    struct TimingRecord {
        LoadTiming timing;
        const bvh::BackgroundLoad* load = nullptr; // null once it completed
        bool framesSeen = false;                   // frames found loaded, not yet shown
        bool shownAfterCompletion = false;
        bool reported = false;
    };
    TimingRecord* recordOf(const bvh::BackgroundLoad* load);
    void markCompleted(const bvh::BackgroundLoad* load, bool failed, bool hadFrames,
                       LoadTiming::Clock::time_point now);
    void markFramesSeen(const bvh::BackgroundLoad* load);

    // [SECTION] update()'s steps
    struct UpdateContext {
        scene::UpAxisChoice upAxis = scene::UpAxisChoice::Auto;
        scene::UnitChoice unit = scene::UnitChoice::Auto;
        LoadTiming::Clock::time_point now;
    };
    // A character shown while its file loads: its new frames, its finished document, or its
    // failure (its index goes to Events::failedCharacters).
    void updateLoadingCharacter(std::size_t index, scene::Character& character,
                                const UpdateContext& context, Events& events);
    // A file that finished before its header was seen: its character, or its error lines.
    void addFinishedWaiting(Waiting& waiting, scene::Scene& scene, const UpdateContext& context,
                            Events& events);
    // A file whose header is ready: shown as a loading character from now on.
    void addLoadingWaiting(Waiting& waiting, scene::Scene& scene, const UpdateContext& context,
                           Events& events);
    // Holds the frame up to kFirstPoseWait for files opened since the last update() to read
    // their header and first rows, so that their first pose is drawn in this frame rather
    // than two or three frames later. Never longer: a slow file shows when it is ready.
    void waitForFirstPoses();
    // Whether advance() can read `load` now: not finished, not held, not waiting for a download.
    bool canAdvance(const bvh::BackgroundLoad& load) const;
    // Reads `load` for about `budget`; under the test hold, its header alone.
    void advanceLoad(bvh::BackgroundLoad& load, std::chrono::steady_clock::duration budget) const;

    std::vector<Waiting> waiting_;
    std::vector<std::string> failedStarts_; // error lines of loads open() could not start
    std::vector<TimingRecord> timings_;
    StreamedTextLookup streamedTexts_;
    std::chrono::milliseconds pauseAfterHeader_{0};
    bool holdAfterHeader_ = false;
};

} // namespace bvhscope::viewer
