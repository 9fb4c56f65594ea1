// codecs() where FFmpeg (or its absence, without_ffmpeg/) is linked into the program.
#include "app/media/codecs.h"
#include "app/media/ffmpeg_codecs.h"

namespace bvhscope::media {

const Codecs* codecs(std::string&) {
    return &ffmpegCodecs();
}

} // namespace bvhscope::media
