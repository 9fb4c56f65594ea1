// Opening files (and the bundled sample) as characters. A file that does not load yields its
// diagnostics as `FILE:LINE:COL: error: message` lines; it never throws.
#pragma once

#include "app/viewer/character.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

struct LoadOutcome {
    std::optional<Character> character;
    std::vector<std::string> errorLines; // every diagnostic when the file failed
};

LoadOutcome loadCharacterFile(const std::string& path);
// The walk cycle embedded from assets/sample_walk.bvh at build time.
LoadOutcome loadBundledSample();

// The text of an embedded asset by file name; empty when there is none.
std::string_view embeddedAsset(std::string_view fileName);
inline constexpr std::string_view kSampleFileName = "sample_walk.bvh";

} // namespace bvhscope::viewer
