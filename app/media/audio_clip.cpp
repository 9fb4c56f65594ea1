#include "app/media/audio_clip.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace bvhscope::media {

namespace fs = std::filesystem;

std::optional<AudioWindowFrames> windowFrames(AudioWindow window) {
    if (!std::isfinite(window.startSeconds) || !std::isfinite(window.durationSeconds) ||
        window.durationSeconds < 0.0) {
        return std::nullopt;
    }
    static constexpr double kLimit = 4503599627370496.0; // 2^52 frames: exact in a double
    auto frames = [](double seconds) {
        return static_cast<std::int64_t>(
            std::llround(std::clamp(seconds * kAudioSampleRate, -kLimit, kLimit)));
    };
    return AudioWindowFrames{frames(window.startSeconds), frames(window.durationSeconds)};
}

AudioClip cutAudio(const AudioClip& clip, AudioWindow window) {
    AudioClip cut;
    const std::optional<AudioWindowFrames> frames = windowFrames(window);
    if (!frames || frames->length == 0) {
        return cut;
    }
    // On the clip's timeline: the window [start, end), the sound [soundStart, soundEnd).
    const std::int64_t start = frames->start;
    const std::int64_t end = start + frames->length;
    const auto soundStart = static_cast<std::int64_t>(clip.leadingSilenceFrames);
    const std::int64_t soundEnd = soundStart + static_cast<std::int64_t>(clip.frameCount());
    const std::int64_t from = std::clamp(start, soundStart, soundEnd);
    const std::int64_t to = std::clamp(end, from, soundEnd);
    cut.leadingSilenceFrames =
        static_cast<std::size_t>(std::clamp<std::int64_t>(soundStart - start, 0, frames->length));
    if (to > from) {
        cut.samples.assign(clip.samples.begin() + (from - soundStart) * kAudioChannels,
                           clip.samples.begin() + (to - soundStart) * kAudioChannels);
    }
    return cut;
}

namespace {

constexpr std::array<std::string_view, 7> kExtensions = {".wav",  ".flac", ".ogg", ".oga",
                                                         ".opus", ".mp3",  ".m4a"};

std::string lowercaseExtension(const fs::path& path) {
    std::string extension = bvh::utf8FromPath(path.extension());
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

} // namespace

bool isSoundFileName(const fs::path& path) {
    const std::string extension = lowercaseExtension(path);
    return std::find(kExtensions.begin(), kExtensions.end(), extension) != kExtensions.end();
}

std::optional<fs::path> findAudioBesideCapture(const fs::path& capture) {
    const fs::path folder = capture.parent_path().empty() ? fs::path(".") : capture.parent_path();
    const fs::path stem = capture.stem();
    std::error_code error;
    std::vector<fs::path> candidates;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
        const fs::path& path = entry.path();
        if (path.stem() == stem && entry.is_regular_file(error)) {
            candidates.push_back(path);
        }
    }
    for (const std::string_view extension : kExtensions) {
        for (const fs::path& candidate : candidates) {
            if (lowercaseExtension(candidate) == extension) {
                return capture.parent_path().empty() ? candidate.filename() : candidate;
            }
        }
    }
    return std::nullopt;
}

} // namespace bvhscope::media
