#include "app/media/media_features.h"

namespace bvhscope::media {

// app/media/CMakeLists.txt defines both from the options BVHSCOPE_VIDEO and BVHSCOPE_SOUND.
bool videoAvailable() {
    return BVHSCOPE_VIDEO_AVAILABLE != 0;
}

bool soundAvailable() {
    return BVHSCOPE_SOUND_AVAILABLE != 0;
}

} // namespace bvhscope::media
