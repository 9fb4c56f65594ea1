// The rate a character plays at: the file's Frame Time, or a rate chosen in the viewer instead
// (never written to the file; export uses it only when asked).
//
// Owner: app/scene/character.cpp (setFramesPerSecondOverride in character.h, which refuses a
// rate out of range). The `character_parts` CTest fails on a write outside the owner.
#pragma once

#include <optional>

namespace bvhscope::scene {

struct CharacterPlayRate {
    std::optional<double> framesPerSecondOverride; // nullopt: the file's rate
};

} // namespace bvhscope::scene
