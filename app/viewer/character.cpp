#include "app/viewer/character.h"

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

namespace bvhscope::viewer {

namespace {

bvh::UpAxis resolveUpAxis(UpAxisChoice choice, bvh::UpAxis detected) {
    switch (choice) {
    case UpAxisChoice::PositiveY:
        return bvh::UpAxis::PositiveY;
    case UpAxisChoice::PositiveZ:
        return bvh::UpAxis::PositiveZ;
    case UpAxisChoice::Auto:
        break;
    }
    return detected;
}

bvh::LengthUnit resolveUnit(UnitChoice choice, bvh::LengthUnit detected) {
    switch (choice) {
    case UnitChoice::Millimetre:
        return bvh::LengthUnit::Millimetre;
    case UnitChoice::Centimetre:
        return bvh::LengthUnit::Centimetre;
    case UnitChoice::Metre:
        return bvh::LengthUnit::Metre;
    case UnitChoice::Inch:
        return bvh::LengthUnit::Inch;
    case UnitChoice::Auto:
        break;
    }
    return detected;
}

glm::vec3 toViewer(const Character& character, const glm::dvec3& filePoint) {
    return glm::vec3(character.fileToViewer * glm::dvec4(filePoint, 1.0));
}

} // namespace

glm::dmat4 fileToViewerTransform(bvh::UpAxis upAxis, bvh::LengthUnit unit) {
    glm::dmat3 rotation(1.0); // columns: where file X, Y, Z go
    switch (upAxis) {
    case bvh::UpAxis::PositiveY:
        break;
    case bvh::UpAxis::PositiveZ: // (x, y, z) -> (x, z, -y)
        rotation = glm::dmat3({1, 0, 0}, {0, 0, -1}, {0, 1, 0});
        break;
    case bvh::UpAxis::NegativeY: // (x, y, z) -> (x, -y, -z)
        rotation = glm::dmat3({1, 0, 0}, {0, -1, 0}, {0, 0, -1});
        break;
    case bvh::UpAxis::NegativeZ: // (x, y, z) -> (x, -z, y)
        rotation = glm::dmat3({1, 0, 0}, {0, 0, 1}, {0, -1, 0});
        break;
    case bvh::UpAxis::PositiveX: // (x, y, z) -> (-y, x, z)
        rotation = glm::dmat3({0, 1, 0}, {-1, 0, 0}, {0, 0, 1});
        break;
    case bvh::UpAxis::NegativeX: // (x, y, z) -> (y, -x, z)
        rotation = glm::dmat3({0, -1, 0}, {1, 0, 0}, {0, 0, 1});
        break;
    }
    const double scale = bvh::metresPerUnit(unit);
    return glm::dmat4(rotation * scale);
}

Character makeCharacter(std::string displayName, std::string sourcePath, bvh::Document document) {
    Character character;
    character.displayName = std::move(displayName);
    character.sourcePath = std::move(sourcePath);
    character.document = std::move(document);
    character.summary = bvh::summarize(character.document, bvh::TranslationMode::Auto);
    character.translation = character.summary.translationUsed;
    const std::size_t nodes = character.document.skeleton.nodeCount();
    character.local.resize(nodes);
    character.scratch.resize(nodes);
    character.world.resize(nodes);
    character.viewerPositions.resize(nodes);
    applyAxes(character, UpAxisChoice::Auto, UnitChoice::Auto);
    return character;
}

void applyAxes(Character& character, UpAxisChoice upAxis, UnitChoice unit) {
    const bvh::RestPoseAnalysis& rest = character.summary.restPose;
    character.upAxis = resolveUpAxis(upAxis, rest.upAxis);
    character.unit = resolveUnit(unit, rest.unit);
    character.fileToViewer = fileToViewerTransform(character.upAxis, character.unit);
    character.figureHeightMetres = std::max(rest.height * bvh::metresPerUnit(character.unit), 1e-3);
    if (character.unit == bvh::LengthUnit::Unknown && rest.height > 0.0) {
        // No unit fits: show the figure at human height, so it stands comparably beside others
        // (the info panel says the unit is unknown; the settings can force one).
        character.fileToViewer = glm::dmat4(glm::dmat3(character.fileToViewer) *
                                            (kUnknownUnitHeightMetres / rest.height));
        character.figureHeightMetres = kUnknownUnitHeightMetres;
    }

    // Bounds over the whole clip, so the camera frames the motion, not just the first pose.
    // Long clips are sampled at up to 240 evenly spaced frames.
    const bvh::Skeleton& skeleton = character.document.skeleton;
    const bvh::Motion& motion = character.document.motion;
    character.motionBounds = render::emptyBounds();
    const std::uint32_t frames = std::max<std::uint32_t>(motion.frameCount, 1);
    const std::uint32_t stride = std::max<std::uint32_t>(frames / 240, 1);
    for (std::uint32_t frame = 0; frame < frames; frame += stride) {
        const std::span<const float> row =
            motion.frameCount > 0 ? motion.frame(frame) : std::span<const float>();
        bvh::computeLocalTransforms(skeleton, row, character.translation, character.local);
        bvh::computeWorldTransforms(skeleton, character.local, character.world);
        for (const bvh::RigidTransform& node : character.world) {
            render::include(character.motionBounds, toViewer(character, node.translation));
        }
    }
}

void evaluatePose(Character& character, double timeSeconds, bvh::Interpolation interpolation) {
    const bvh::Skeleton& skeleton = character.document.skeleton;
    bvh::sampleLocalTransforms(skeleton, character.document.motion, timeSeconds, interpolation,
                               character.translation, character.scratch, character.local);
    bvh::computeWorldTransforms(skeleton, character.local, character.world);
    for (std::size_t i = 0; i < character.world.size(); ++i) {
        character.viewerPositions[i] =
            toViewer(character, character.world[i].translation) + character.placement;
    }
}

std::uint32_t frameAt(const Character& character, double timeSeconds) {
    return bvh::locateFrames(character.document.motion, timeSeconds, bvh::Interpolation::Nearest)
        .first;
}

} // namespace bvhscope::viewer
