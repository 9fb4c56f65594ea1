#include "app/media/audio_clip.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace bvhscope::media {

namespace fs = std::filesystem;

AudioClip cutAudio(const AudioClip& clip, AudioWindow window) {
    AudioClip cut;
    if (!std::isfinite(window.startSeconds) || !std::isfinite(window.durationSeconds) ||
        window.durationSeconds <= 0.0) {
        return cut;
    }
    const auto frames =
        static_cast<std::int64_t>(std::llround(window.durationSeconds * kAudioSampleRate));
    const std::int64_t start = std::llround(window.startSeconds * kAudioSampleRate);
    cut.samples.assign(static_cast<std::size_t>(frames) * kAudioChannels, 0.0f);
    const auto available = static_cast<std::int64_t>(clip.frameCount());
    const std::int64_t from = std::clamp<std::int64_t>(start, 0, available);
    const std::int64_t to = std::clamp<std::int64_t>(start + frames, 0, available);
    if (to > from) {
        std::copy(clip.samples.begin() + from * kAudioChannels,
                  clip.samples.begin() + to * kAudioChannels,
                  cut.samples.begin() + (from - start) * kAudioChannels);
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
