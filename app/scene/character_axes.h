// How a character stands in the viewer's world (Y up, metres): the up axis and unit in use, the
// stance measured along that axis, the conversion from the file, and what the motion covers there.
//
// Owner: app/scene/character.cpp. applyAxes() decides every field from the clip and the user's
// choices; setUpAxisOverride(), setShowAsInFile() and takeRememberedUpAxisCheck() (character.h)
// are the only ways to change those choices from elsewhere (the session's SetUpAxis and
// ShowAsInFile commands, the remembered up axes). The `character_parts` CTest fails on a write
// outside the owner.
#pragma once

#include "app/scene/ground_reach.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/stance.h"
#include "render/math/camera.h"

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <optional>

namespace bvhscope::scene {

// What the user chose (the settings' default for new files, or one file's override in the Info
// panel); Auto takes core's decision from the motion (bvh::Stance). The first three keep their
// values: settings files store them.
enum class UpAxisChoice : std::uint8_t {
    Auto,
    PositiveY,
    PositiveZ,
    NegativeY,
    NegativeZ,
    PositiveX,
    NegativeX
};
inline constexpr UpAxisChoice kUpAxisChoices[] = {UpAxisChoice::Auto,      UpAxisChoice::PositiveX,
                                                  UpAxisChoice::NegativeX, UpAxisChoice::PositiveY,
                                                  UpAxisChoice::NegativeY, UpAxisChoice::PositiveZ,
                                                  UpAxisChoice::NegativeZ};
// The axis a choice forces; nullopt for Auto.
std::optional<bvh::UpAxis> forcedUpAxis(UpAxisChoice choice);
UpAxisChoice upAxisChoiceFor(bvh::UpAxis axis);
// "auto", "+X", "-X", ...
const char* upAxisChoiceName(UpAxisChoice choice);
enum class UnitChoice : std::uint8_t { Auto, Millimetre, Centimetre, Metre, Inch };

struct CharacterAxes {
    bvh::UpAxis upAxis = bvh::UpAxis::PositiveY; // in use (detected or overridden)
    // How the figure stands with that up axis (clip->summary.stance when Auto; measured along the
    // override otherwise): facing, contact level, static roots.
    bvh::Stance stance;
    // This file's up axis, chosen in its Info panel; nullopt: the settings' default.
    std::optional<UpAxisChoice> upAxisOverride;
    // A figure whose contact level is off the grid (bvh::Stance::needsLift) is shown standing on
    // it, moved by groundLiftMetres along Y, unless the user asks to see it as in the file.
    bool showAsInFile = false;
    double groundLiftMetres = 0.0;
    // The app looked this file up among the remembered up axes (io/remembered_up_axes.h).
    bool rememberedUpAxisChecked = false;
    bvh::LengthUnit unit = bvh::LengthUnit::Unknown;
    glm::dmat4 fileToViewer{1.0}; // rotation to Y up, then scale to metres
    double figureHeightMetres = 1.7;

    render::Bounds motionBounds = render::emptyBounds(); // every frame, viewer space, unplaced
    // The figure's own room (Scene::arrangeSideBySide): every frame's joints relative to its
    // body root's ground position at that frame, so a walk is as wide as the walker, not the
    // room; the room its whole motion takes from where that ground position is at the first
    // frame (startGround), the lane a travelling figure needs. Viewer space, unplaced.
    GroundReach bodyReach;
    GroundReach travelReach;
    glm::vec3 startGround{0.0f};
};

} // namespace bvhscope::scene
