// bvhscope's FFmpeg module (bvhscope-ffmpeg.so): FFmpeg's codecs behind codecs.h, loaded by
// codecs_loaded.cpp. Its entry, BVHSCOPE_MODULE_SYMBOL(bvhscope_ffmpeg_codecs), returns the
// module's Codecs, which live as long as the process.
#pragma once

#include "app/media/codecs.h"
#include "app/platform/module_entry.h"

namespace bvhscope::media {

inline constexpr const char* kFfmpegModuleFile = "bvhscope-ffmpeg.so";

// `removeTemporaryFilesOnSignals`: whether the host removes its temporary files on termination
// signals (core/platform/atomic_file.h); the module's copy of the core then does the same for
// the videos it writes.
using FfmpegModuleEntry = const Codecs* (*)(bool removeTemporaryFilesOnSignals);

} // namespace bvhscope::media
