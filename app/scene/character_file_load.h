// A character shown while its file is still being read (app/viewer/io/file_loading.h): the load
// (destroying it cancels it), and the frames of it that may be shown.
//
// Owner: the loading functions of character.h (makeLoadingCharacter, refreshLoadingCharacter,
// finishLoadingCharacter, cancelLoad), which app/viewer/io/file_loading (FileLoads) calls once
// per UI frame. The `character_parts` CTest fails on a write outside them.
#pragma once

#include "core/reader/background_load.h"

#include <cstdint>
#include <memory>

namespace bvhscope::scene {

struct CharacterFileLoad {
    std::unique_ptr<bvh::BackgroundLoad> load; // null once the file is read
    std::uint32_t framesLoaded = 0;            // the frames that may be shown
    double fraction = 1.0;                     // 0..1 of the file read
};

} // namespace bvhscope::scene
