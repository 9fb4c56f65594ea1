// VideoEncoder over codecs.h: the encoder itself is FFmpeg's (ffmpeg_video_encoding.cpp),
// linked in or loaded with the FFmpeg module.
#include "app/media/video_encoder.h"

#include "app/media/codecs.h"

#include <utility>

namespace bvhscope::media {

struct VideoEncoder::State {
    std::unique_ptr<VideoEncoding> encoding;
};

std::unique_ptr<VideoEncoder> VideoEncoder::create(const std::filesystem::path& target,
                                                   const VideoSettings& settings,
                                                   std::string& error) {
    const Codecs* available = codecs(error);
    if (available == nullptr) {
        return nullptr;
    }
    std::unique_ptr<VideoEncoding> encoding = available->openVideo(target, settings, error);
    if (encoding == nullptr) {
        return nullptr;
    }
    return std::unique_ptr<VideoEncoder>(
        new VideoEncoder(std::make_unique<State>(State{std::move(encoding)})));
}

VideoEncoder::VideoEncoder(std::unique_ptr<State> state) : state_(std::move(state)) {}

VideoEncoder::~VideoEncoder() = default;

bool VideoEncoder::addFrame(const std::uint8_t* rgba, int rowBytes) {
    return state_->encoding->addFrame(rgba, rowBytes);
}

bool VideoEncoder::finish() {
    return state_->encoding->finish();
}

const std::string& VideoEncoder::error() const {
    return state_->encoding->error();
}

std::int64_t VideoEncoder::framesWritten() const {
    return state_->encoding->framesWritten();
}

} // namespace bvhscope::media
