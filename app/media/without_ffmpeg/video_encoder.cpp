// The video encoder in a build without FFmpeg (BVHSCOPE_VIDEO off): create() fails with
// kNoVideoMessage. Callers check media::videoAvailable() first and do not offer video at all;
// this is what a caller that did not gets.
#include "app/media/video_encoder.h"

#include "app/media/media_features.h"

namespace bvhscope::media {

struct VideoEncoder::State {
    std::string error;
};

std::unique_ptr<VideoEncoder> VideoEncoder::create(const std::filesystem::path&,
                                                   const VideoSettings&, std::string& error) {
    error = std::string(kNoVideoMessage);
    return nullptr;
}

VideoEncoder::VideoEncoder(std::unique_ptr<State> state) : state_(std::move(state)) {}
VideoEncoder::~VideoEncoder() = default;

bool VideoEncoder::addFrame(const std::uint8_t*, int) {
    return false;
}

bool VideoEncoder::finish() {
    return false;
}

const std::string& VideoEncoder::error() const {
    return state_->error;
}

std::int64_t VideoEncoder::framesWritten() const {
    return 0;
}

} // namespace bvhscope::media
