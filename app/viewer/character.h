// One loaded file as the viewer shows it: the document, the axis and unit conversion into the
// viewer's world (Y up, metres), its colour and placement, and pose buffers for sampling.
#pragma once

#include "core/document.h"
#include "core/pose.h"
#include "core/rest_pose_analysis.h"
#include "core/summary.h"
#include "render/camera.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Height at which a figure whose unit cannot be guessed is shown.
inline constexpr double kUnknownUnitHeightMetres = 1.7;

// What the user chose in the settings; Auto takes core's rest-pose guess.
enum class UpAxisChoice : std::uint8_t { Auto, PositiveY, PositiveZ };
enum class UnitChoice : std::uint8_t { Auto, Millimetre, Centimetre, Metre, Inch };

struct Character {
    std::string displayName; // the file name ("walk.bvh")
    std::string sourcePath;  // as opened; "" for the bundled sample
    bvh::Document document;
    bvh::DocumentSummary summary;
    bvh::TranslationMode translation = bvh::TranslationMode::Additive; // resolved, never Auto

    bvh::UpAxis upAxis = bvh::UpAxis::PositiveY; // in use (detected or overridden)
    bvh::LengthUnit unit = bvh::LengthUnit::Unknown;
    glm::dmat4 fileToViewer{1.0}; // rotation to Y up, then scale to metres
    double figureHeightMetres = 1.7;

    glm::vec4 color{1.0f};
    bool visible = true;
    glm::vec3 placement{0.0f}; // added after conversion, to stand characters side by side
    render::Bounds motionBounds = render::emptyBounds(); // every frame, viewer space, unplaced

    // Pose at the current time (sized to the node count).
    std::vector<bvh::RigidTransform> local;
    std::vector<bvh::RigidTransform> scratch;
    std::vector<bvh::RigidTransform> world; // file axes and units
    std::vector<glm::vec3> viewerPositions; // viewer space, placed
};

// Builds a character from a loaded document (document.loaded() must be true).
Character makeCharacter(std::string displayName, std::string sourcePath, bvh::Document document);

// Applies the up axis and unit (Auto: the rest-pose guess) and recomputes the motion bounds.
void applyAxes(Character& character, UpAxisChoice upAxis, UnitChoice unit);

// The rotation taking `upAxis` to +Y (a proper rotation, so handedness is kept: a Z-up file
// facing -Y ends up facing +Z) followed by the unit's scale to metres.
glm::dmat4 fileToViewerTransform(bvh::UpAxis upAxis, bvh::LengthUnit unit);

// Samples the pose at `timeSeconds` (clamped to the clip) into the character's buffers.
void evaluatePose(Character& character, double timeSeconds, bvh::Interpolation interpolation);

// The frame shown at a time: nearest when sampling nearest, the earlier one when blending.
std::uint32_t frameAt(const Character& character, double timeSeconds);

} // namespace bvhscope::viewer
