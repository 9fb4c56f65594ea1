#include "app/media/ffmpeg_handles.h"

#include <array>

namespace bvhscope::media {

std::string errorText(int status) {
    std::array<char, AV_ERROR_MAX_STRING_SIZE> text{};
    av_strerror(status, text.data(), text.size());
    return text.data();
}

void silenceFfmpegLog() {
    av_log_set_level(AV_LOG_QUIET);
}

} // namespace bvhscope::media
