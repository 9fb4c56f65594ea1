// The FFmpeg module's entry (ffmpeg_module.h).
#include "app/media/ffmpeg_module.h"

#include "app/media/ffmpeg_codecs.h"
#include "core/platform/atomic_file.h"

extern "C" BVHSCOPE_MODULE_EXPORT const bvhscope::media::Codecs*
BVHSCOPE_MODULE_SYMBOL(bvhscope_ffmpeg_codecs)(bool removeTemporaryFilesOnSignals) {
    if (removeTemporaryFilesOnSignals) {
        bvh::removeTemporaryFilesOnTerminationSignals();
    }
    return &bvhscope::media::ffmpegCodecs();
}
