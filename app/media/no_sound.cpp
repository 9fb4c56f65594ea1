#include "app/media/no_sound.h"

#include "app/media/media_features.h"
#include "core/platform/utf8_path.h"

#include <string>

namespace bvhscope::media {

AudioDecodeResult noSound(const std::filesystem::path& path) {
    AudioDecodeResult result;
    result.error = bvh::utf8FromPath(path) + ": " + std::string(kNoSoundMessage);
    return result;
}

} // namespace bvhscope::media
