// codecs() from bvhscope's FFmpeg module (bvhscope-ffmpeg.so, ffmpeg_module.cpp), opened the
// first time a video is written or a sound decoded. A module that cannot be loaded (FFmpeg's
// libraries missing) is an error for that video or sound only, and asked again next time.
#include "app/media/codecs.h"
#include "app/media/ffmpeg_module.h"
#include "app/platform/loadable_module.h"
#include "core/platform/atomic_file.h"

#include <mutex>

namespace bvhscope::media {

const Codecs* codecs(std::string& error) {
    static std::mutex lock;
    static const Codecs* loaded = nullptr;
    const std::lock_guard guard(lock);
    if (loaded == nullptr) {
        platform::ModuleSymbol entry = platform::loadModuleSymbol(
            kFfmpegModuleFile, BVHSCOPE_MODULE_SYMBOL_NAME(bvhscope_ffmpeg_codecs));
        if (entry.address == nullptr) {
            error = std::move(entry.error);
            return nullptr;
        }
        loaded = reinterpret_cast<FfmpegModuleEntry>(entry.address)(
            bvh::temporaryFilesRemovedOnTerminationSignals());
    }
    return loaded;
}

} // namespace bvhscope::media
