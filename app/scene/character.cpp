#include "app/scene/character.h"

#include "app/scene/figure_radii.h"
#include "core/analysis/pose_difference.h"
#include "render/math/camera.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <glm/gtc/matrix_transform.hpp>
#include <utility>

namespace bvhscope::scene {

namespace {

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
    return glm::vec3(character.axes.fileToViewer * glm::dvec4(filePoint, 1.0));
}

// The rows that may be sampled: the document's, or while loading, the load's first
// `framesLoaded` rows, which are valid only while `lock` is held (the load may grow, and so
// move, its value storage); or a live character's window, timeline frame f being the stream's
// frame firstNumber + f (the oldest held for a frame no longer in memory).
struct SampleableFrames {
    std::unique_lock<std::mutex> lock;
    const float* values = nullptr;
    std::uint32_t count = 0;
    std::size_t channels = 0;
    const LiveFrames* live = nullptr;

    std::span<const float> row(std::uint32_t frame) const {
        if (live != nullptr) {
            const bvh::live::FrameWindow& window = live->window;
            if (window.empty()) {
                return {};
            }
            return window.at(window.indexAtOrBefore(live->firstNumber + frame).value_or(0));
        }
        return {values + std::size_t{frame} * channels, channels};
    }
};

SampleableFrames sampleableFrames(const Character& character) {
    SampleableFrames frames;
    if (character.liveFeed.frames) {
        frames.lock = std::unique_lock(character.liveFeed.frames->mutex);
        frames.live = character.liveFeed.frames.get();
        frames.count =
            character.liveFeed.frames->window.empty() ? 0 : character.liveFeed.frameCount;
        frames.channels = character.liveFeed.frames->window.channelCount();
    } else if (character.fileLoad.load) {
        frames.lock = character.fileLoad.load->lockMotion();
        frames.values = character.fileLoad.load->document().motion.values.data();
        frames.count = character.fileLoad.framesLoaded;
        frames.channels = character.clip->document.skeleton.totalChannels();
    } else {
        frames.values = character.clip->document.motion.values.data();
        frames.count = character.clip->document.motion.frameCount;
        frames.channels = character.clip->document.motion.channelCount;
    }
    return frames;
}

// Only the frame count and frame time of a motion, for locateFrames().
bvh::Motion playableTiming(const Character& character) {
    bvh::Motion timing;
    timing.frameCount = playableFrameCount(character);
    timing.frameTime = frameTimeInUse(character);
    return timing;
}

} // namespace

double frameTimeInUse(const Character& character) {
    return character.playRate.framesPerSecondOverride
               ? 1.0 / *character.playRate.framesPerSecondOverride
               : character.clip->document.motion.frameTime;
}

bool setFramesPerSecondOverride(Character& character, std::optional<double> framesPerSecond) {
    if (framesPerSecond &&
        !(std::isfinite(*framesPerSecond) && *framesPerSecond >= kMinOverrideFramesPerSecond &&
          *framesPerSecond <= kMaxOverrideFramesPerSecond)) {
        return false;
    }
    character.playRate.framesPerSecondOverride = framesPerSecond;
    return true;
}

std::optional<bvh::UpAxis> forcedUpAxis(UpAxisChoice choice) {
    switch (choice) {
    case UpAxisChoice::PositiveY:
        return bvh::UpAxis::PositiveY;
    case UpAxisChoice::PositiveZ:
        return bvh::UpAxis::PositiveZ;
    case UpAxisChoice::NegativeY:
        return bvh::UpAxis::NegativeY;
    case UpAxisChoice::NegativeZ:
        return bvh::UpAxis::NegativeZ;
    case UpAxisChoice::PositiveX:
        return bvh::UpAxis::PositiveX;
    case UpAxisChoice::NegativeX:
        return bvh::UpAxis::NegativeX;
    case UpAxisChoice::Auto:
        break;
    }
    return std::nullopt;
}

UpAxisChoice upAxisChoiceFor(bvh::UpAxis axis) {
    for (const UpAxisChoice choice : kUpAxisChoices) {
        if (forcedUpAxis(choice) == axis) {
            return choice;
        }
    }
    return UpAxisChoice::Auto;
}

const char* upAxisChoiceName(UpAxisChoice choice) {
    const std::optional<bvh::UpAxis> axis = forcedUpAxis(choice);
    return axis ? bvh::upAxisName(*axis).data() : "auto";
}

bool isStaticRoot(const Character& character, std::size_t node) {
    return std::ranges::find(character.axes.stance.staticRoots,
                             static_cast<bvh::NodeIndex>(node)) !=
           character.axes.stance.staticRoots.end();
}

bool isGoalBranchNode(const Character& character, std::size_t node) {
    // In node order (goal_branches.h), so a search; empty for nearly every file.
    const std::vector<bvh::NodeIndex>& goals = character.axes.stance.goalBranches;
    return std::binary_search(goals.begin(), goals.end(), static_cast<bvh::NodeIndex>(node));
}

bool isOutsideFigure(const Character& character, std::size_t node) {
    return isStaticRoot(character, node) || isGoalBranchNode(character, node);
}

std::size_t bodyRootNode(const Character& character) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (parent == bvh::kNoParent ? !isStaticRoot(character, i)
                                     : isStaticRoot(character, static_cast<std::size_t>(parent))) {
            return i;
        }
    }
    return 0;
}

std::optional<glm::vec3> viewerFacing(const Character& character, const CharacterPose& pose) {
    std::optional<glm::dvec3> facing =
        pose.world.size() == character.clip->document.skeleton.nodeCount()
            ? bvh::facingOfPose(character.clip->document.skeleton, pose.world,
                                character.axes.upAxis, character.axes.stance.staticRoots, nullptr,
                                character.axes.stance.goalBranches)
            : std::nullopt;
    if (!facing) {
        facing = character.axes.stance.facing;
    }
    if (!facing) {
        return std::nullopt;
    }
    const glm::dvec3 viewer = glm::dmat3(character.axes.fileToViewer) * *facing;
    const double length = glm::length(viewer);
    return length > 0.0 ? std::optional<glm::vec3>(glm::vec3(viewer / length)) : std::nullopt;
}

glm::dmat4 fileToViewerTransform(bvh::UpAxis upAxis, bvh::LengthUnit unit) {
    // The same space pose comparisons use (core/analysis/pose_difference.h).
    return bvh::metresTransform(upAxis, unit);
}

void setUpAxisOverride(Character& character, std::optional<UpAxisChoice> choice) {
    character.axes.upAxisOverride = choice;
}

void setShowAsInFile(Character& character, bool asInFile) {
    character.axes.showAsInFile = asInFile;
}

bool takeRememberedUpAxisCheck(Character& character) {
    return !std::exchange(character.axes.rememberedUpAxisChecked, true);
}

Character makeCharacter(std::string displayName, std::string sourcePath, bvh::Document document) {
    return makeCharacter(
        makeClip(std::move(displayName), std::move(sourcePath), std::move(document)));
}

Character makeCharacter(std::shared_ptr<const Clip> clip) {
    Character character;
    character.clip = std::move(clip);
    applyAxes(character, UpAxisChoice::Auto, UnitChoice::Auto);
    return character;
}

void applyAxes(Character& character, UpAxisChoice upAxis, UnitChoice unit) {
    const bvh::RestPoseAnalysis& rest = character.clip->summary.restPose;
    const std::optional<bvh::UpAxis> forced =
        forcedUpAxis(character.axes.upAxisOverride.value_or(upAxis));
    if (forced && *forced != character.clip->summary.stance.upAxis) {
        // Facing and ground along the user's axis (the loaded frames: a loading file's header
        // alone gives the rest pose).
        character.axes.stance =
            bvh::analyzeStance(character.clip->document.skeleton, character.clip->document.motion,
                               character.clip->translation, rest, forced);
    } else {
        character.axes.stance = character.clip->summary.stance;
        if (forced) {
            character.axes.stance.source = bvh::UpAxisSource::Override;
        }
    }
    character.axes.upAxis = character.axes.stance.upAxis;
    character.axes.unit = resolveUnit(unit, character.axes.stance.unit);
    character.axes.fileToViewer = fileToViewerTransform(character.axes.upAxis, character.axes.unit);
    // The figure's height along the axis in use (the rest pose's extent when nothing moved). A
    // figure whose joints all land on one point has none: scaled to human height by its rest
    // pose's 1.65e-28, the fuzzed walk's place (91.6 x 1e28) overflowed the camera's floats, and
    // a NaN label crashed the view.
    const double height = character.axes.stance.height > 0.0          ? character.axes.stance.height
                          : character.axes.stance.belowPlacePrecision ? 0.0
                                                                      : rest.height;
    // However small: a figure of 1e-5 m has bones of its own size (figureOutOfDrawnRangeNote
    // says when it is too small or large to draw); one of no height, 1 mm.
    const double metres = height * bvh::metresPerUnit(character.axes.unit);
    character.axes.figureHeightMetres = metres > 0.0 ? metres : 1e-3;
    if (character.axes.unit == bvh::LengthUnit::Unknown && height > 0.0) {
        // No unit fits: show the figure at human height, so it stands comparably beside others
        // (the info panel says the unit is unknown; the settings can force one).
        character.axes.fileToViewer = glm::dmat4(glm::dmat3(character.axes.fileToViewer) *
                                                 (kUnknownUnitHeightMetres / height));
        character.axes.figureHeightMetres = kUnknownUnitHeightMetres;
    }
    // On the ground: the contact level along up becomes the viewer's Y = 0.
    const double metresPerFileUnit = glm::length(glm::dvec3(character.axes.fileToViewer[0]));
    // So is a figure on one point (belowPlacePrecision, 0 tall, so needsLift says no): at its
    // place, y = 100, the ground's grid lay 100 m under the 10 cm the view frames it in, and the
    // viewer showed no ground (issue 38).
    const bool lift =
        character.axes.stance.needsLift() || character.axes.stance.belowPlacePrecision;
    character.axes.groundLiftMetres =
        lift ? -character.axes.stance.groundLevel * metresPerFileUnit : 0.0;
    if (!character.axes.showAsInFile) {
        character.axes.fileToViewer[3][1] = character.axes.groundLiftMetres;
    }

    computeFigureRadii(character);

    // Bounds over the whole clip, so the camera frames the motion, not just the first pose.
    // Long clips are sampled at up to 240 evenly spaced frames.
    // A loading character: the frames loaded so far.
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const SampleableFrames motion = sampleableFrames(character);
    character.axes.motionBounds = render::emptyBounds();
    character.axes.bodyReach = GroundReach{};
    character.axes.travelReach = GroundReach{};
    const std::size_t body = bodyRootNode(character);
    const std::uint32_t frames = std::max<std::uint32_t>(motion.count, 1);
    const std::uint32_t stride = std::max<std::uint32_t>(frames / 240, 1);
    std::vector<bvh::RigidTransform> local(skeleton.nodeCount());
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    for (std::uint32_t frame = 0; frame < frames; frame += stride) {
        const std::span<const float> row =
            motion.count > 0 ? motion.row(frame) : std::span<const float>();
        bvh::computeLocalTransforms(skeleton, row, character.clip->translation, local);
        bvh::computeWorldTransforms(skeleton, local, world);
        const glm::vec3 root =
            body < world.size() ? toViewer(character, world[body].translation) : glm::vec3(0.0f);
        const glm::vec3 ground(root.x, 0.0f, root.z);
        if (frame == 0) {
            character.axes.startGround = ground;
        }
        for (std::size_t node = 0; node < world.size(); ++node) {
            if (!isOutsideFigure(character, node)) {
                const glm::vec3 point = toViewer(character, world[node].translation);
                render::include(character.axes.motionBounds, point);
                character.axes.bodyReach.include(point - ground);
                character.axes.travelReach.include(point - character.axes.startGround);
            }
        }
    }
}

std::optional<std::string> figureOnOnePointNote(const Character& character) {
    if (!character.axes.stance.belowPlacePrecision) {
        return std::nullopt;
    }
    return character.clip->displayName + ": figure 0 tall (" +
           bvh::placePrecisionNote(character.clip->summary.restPose.height) + ")";
}

std::optional<std::string> figureOutOfDrawnRangeNote(const Character& character) {
    const double metres = character.axes.figureHeightMetres;
    const bool tooLarge = !(metres <= render::kLargestDrawnMetres);
    if (!tooLarge && metres >= render::kSmallestDrawnMetres) {
        return std::nullopt;
    }
    char text[160];
    std::snprintf(
        text, sizeof text, ": figure %.3g m tall in %s, %s the %g m ", metres,
        std::string(bvh::lengthUnitName(character.axes.unit)).c_str(), tooLarge ? "over" : "under",
        static_cast<double>(tooLarge ? render::kLargestDrawnMetres : render::kSmallestDrawnMetres));
    return character.clip->displayName + text +
           "that can be drawn in floats (the unit Auto shows it at human height)";
}

std::vector<std::string> figureNotDrawnNotes(const Character& character) {
    std::vector<std::string> notes;
    for (const std::optional<std::string>& note :
         {figureOnOnePointNote(character), figureOutOfDrawnRangeNote(character)}) {
        if (note) {
            notes.push_back(*note);
        }
    }
    return notes;
}

void samplePose(const Character& character, double timeSeconds, bvh::Interpolation interpolation,
                CharacterPose& pose) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const std::size_t nodes = skeleton.nodeCount();
    pose.local.resize(nodes);
    pose.world.resize(nodes);
    if (playableFrameCount(character) == 0) {
        bvh::computeRestTransforms(skeleton, pose.local);
    } else {
        // As sampleLocalTransforms, at the frame time in use, on the frames loaded so far (under
        // the load's lock while loading).
        const bvh::FramePair pair =
            bvh::locateFrames(playableTiming(character), timeSeconds, interpolation);
        const SampleableFrames frames = sampleableFrames(character);
        bvh::computeLocalTransforms(skeleton, frames.row(pair.first), character.clip->translation,
                                    pose.local);
        if (pair.weight > 0.0 && pair.second != pair.first) {
            pose.scratch.resize(nodes);
            bvh::computeLocalTransforms(skeleton, frames.row(pair.second),
                                        character.clip->translation, pose.scratch);
            bvh::blendLocalTransforms(pose.local, pose.scratch, pair.weight, pose.local);
        }
    }
    bvh::computeWorldTransforms(skeleton, pose.local, pose.world);
    placePose(character, pose);
}

void sampleRestPose(const Character& character, CharacterPose& pose) {
    const std::size_t nodes = character.clip->document.skeleton.nodeCount();
    pose.local.resize(nodes);
    pose.world.resize(nodes);
    bvh::computeRestTransforms(character.clip->document.skeleton, pose.local);
    bvh::computeWorldTransforms(character.clip->document.skeleton, pose.local, pose.world);
    placePose(character, pose);
}

void placePose(const Character& character, CharacterPose& pose) {
    const Placement placement = placementFor(character, pose.world);
    pose.viewerPositions.resize(pose.world.size());
    for (std::size_t i = 0; i < pose.world.size(); ++i) {
        pose.viewerPositions[i] = placement.apply(toViewer(character, pose.world[i].translation));
    }
}

namespace {

// `v` turned by `heading` radians about +Y, as glm::rotate(heading, +Y) turns it (+X towards -Z).
glm::vec3 turnedAboutUp(const glm::vec3& v, float heading) {
    const float c = std::cos(heading);
    const float s = std::sin(heading);
    return {c * v.x + s * v.z, v.y, -s * v.x + c * v.z};
}

} // namespace

glm::vec3 Placement::apply(const glm::vec3& point) const {
    return pivot + turnedAboutUp(point - pivot, heading) + offset;
}

glm::mat4 Placement::matrix() const {
    const glm::mat4 turn = glm::rotate(glm::mat4(1.0f), heading, glm::vec3(0.0f, 1.0f, 0.0f));
    return glm::translate(glm::mat4(1.0f), pivot + offset) * turn *
           glm::translate(glm::mat4(1.0f), -pivot);
}

Placement placementFor(const Character& character, std::span<const bvh::RigidTransform> world) {
    Placement placement{character.arrangement.placement, character.arrangement.heading,
                        character.axes.startGround};
    const std::size_t body = bodyRootNode(character);
    if (!character.arrangement.inPlace || body >= world.size()) {
        return placement;
    }
    const glm::vec3 root = toViewer(character, world[body].translation);
    glm::vec3 travel =
        turnedAboutUp(root - character.axes.startGround, character.arrangement.heading);
    travel.y = 0.0f;
    if (std::isfinite(travel.x) && std::isfinite(travel.z)) {
        placement.offset -= travel;
    }
    return placement;
}

std::uint32_t frameAt(const Character& character, double timeSeconds) {
    return bvh::locateFrames(playableTiming(character), timeSeconds, bvh::Interpolation::Nearest)
        .first;
}

// [SECTION] Characters whose file is still loading

Character makeLoadingCharacter(std::string displayName, std::string sourcePath,
                               std::unique_ptr<bvh::BackgroundLoad> load) {
    assert(load && load->headerReady() && "makeLoadingCharacter before the header is ready");
    // Only what the header fixed: diagnostics and motion values still change on the loader's
    // thread.
    const bvh::Document& source = load->document();
    bvh::Document header;
    header.skeleton = source.skeleton;
    header.nodeLocations = source.nodeLocations;
    header.declaredFrameCount = source.declaredFrameCount;
    header.hasMotionSection = source.hasMotionSection;
    header.motion.channelCount = static_cast<std::uint32_t>(source.skeleton.totalChannels());
    header.motion.frameTime = source.motion.frameTime;
    header.motion.frameTimeAssumed = source.motion.frameTimeAssumed;
    Character character =
        makeCharacter(std::move(displayName), std::move(sourcePath), std::move(header));
    character.fileLoad.load = std::move(load);
    character.fileLoad.fraction = character.fileLoad.load->fraction();
    return character;
}

bool refreshLoadingCharacter(Character& character) {
    if (!character.fileLoad.load) {
        return false;
    }
    const std::uint32_t before = character.fileLoad.framesLoaded;
    character.fileLoad.framesLoaded = character.fileLoad.load->framesLoaded();
    character.fileLoad.fraction = character.fileLoad.load->fraction();
    if (before > 0 || character.fileLoad.framesLoaded == 0) {
        return false;
    }
    // The translation mode is decided from frame 0 (as summarize() does for a whole file).
    bvh::Motion firstFrame;
    firstFrame.frameCount = 1;
    firstFrame.channelCount = character.clip->document.motion.channelCount;
    {
        const SampleableFrames frames = sampleableFrames(character);
        const std::span<const float> row = frames.row(0);
        firstFrame.values.assign(row.begin(), row.end());
    }
    // The header's clip (no frames: a cheap copy) with the translation mode its frames decide.
    auto clip = std::make_shared<Clip>(*character.clip);
    clip->translation = bvh::resolveTranslationMode(bvh::TranslationMode::Auto,
                                                    clip->document.skeleton, firstFrame);
    clip->summary.translationUsed = clip->translation;
    character.clip = std::move(clip);
    return true;
}

void finishLoadingCharacter(Character& character, bvh::Document document) {
    Character finished =
        makeCharacter(character.clip->displayName, character.clip->sourcePath, std::move(document));
    keepAppearanceOf(finished, character);
    finished.browsed = character.browsed;
    finished.arrangement.placement = character.arrangement.placement;
    finished.arrangement.inPlace = character.arrangement.inPlace;
    finished.playRate.framesPerSecondOverride = character.playRate.framesPerSecondOverride;
    finished.axes.upAxisOverride = character.axes.upAxisOverride;
    finished.axes.showAsInFile = character.axes.showAsInFile;
    character = std::move(finished);
}

void cancelLoad(Character& character) {
    character.fileLoad.load.reset();
}

std::uint32_t playableFrameCount(const Character& character) {
    if (character.liveFeed.frames) {
        return character.liveFeed.frameCount;
    }
    return character.fileLoad.load ? character.fileLoad.framesLoaded
                                   : character.clip->document.motion.frameCount;
}

double playableDuration(const Character& character) {
    const std::uint32_t frames = playableFrameCount(character);
    return frames > 1 ? (frames - 1) * frameTimeInUse(character) : 0.0;
}

// [SECTION] Live characters

Character makeLiveCharacter(std::string displayName, std::string sourcePath,
                            const bvh::Skeleton& skeleton, double frameTime,
                            std::shared_ptr<LiveFrames> frames) {
    bvh::Document header;
    header.skeleton = skeleton;
    header.hasMotionSection = true;
    header.motion.channelCount = static_cast<std::uint32_t>(skeleton.totalChannels());
    header.motion.frameTime = frameTime;
    Character character =
        makeCharacter(std::move(displayName), std::move(sourcePath), std::move(header));
    character.liveFeed.frames = std::move(frames);
    return character;
}

void setLiveRate(Character& character, double frameTime, LiveRateOrigin origin) {
    if (!character.isLive() || !std::isfinite(frameTime) || !(frameTime > 0.0)) {
        return;
    }
    // The Frame Time check stays the one made for the feed's first rate, as it always was.
    (void)character.clip->frameTime();
    auto clip = std::make_shared<Clip>(*character.clip);
    clip->document.motion.frameTime = frameTime;
    clip->document.motion.frameTimeAssumed = origin == LiveRateOrigin::Assumed;
    clip->summary.framesPerSecond = 1.0 / frameTime;
    clip->summary.frameTimeAssumed = origin == LiveRateOrigin::Assumed;
    character.clip = std::move(clip);
    character.liveFeed.rateOrigin = origin;
}

const char* frameRateNote(const Character& character) {
    if (character.isLive()) {
        switch (character.liveFeed.rateOrigin) {
        case LiveRateOrigin::Measured:
            return " (measured)";
        case LiveRateOrigin::Assumed:
            return " (assumed)";
        case LiveRateOrigin::Sender:
            return "";
        }
    }
    return character.clip->summary.frameTimeAssumed ? " (assumed)" : "";
}

namespace {

// Up to `most` evenly spaced frames of the window, oldest first, as a Motion (for the stance).
bvh::Motion heldFrames(const bvh::live::FrameWindow& window, std::size_t most, double frameTime) {
    bvh::Motion motion;
    motion.channelCount = window.channelCount();
    motion.frameTime = frameTime;
    const std::size_t count = std::min(window.size(), most);
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t i = count > 1 ? k * (window.size() - 1) / (count - 1) : 0;
        const std::span<const float> row = window.at(i);
        motion.values.insert(motion.values.end(), row.begin(), row.end());
    }
    motion.frameCount = static_cast<std::uint32_t>(count);
    return motion;
}

} // namespace

bool refreshLiveCharacter(Character& character) {
    if (!character.liveFeed.frames) {
        return false;
    }
    const bool hadFrames = character.liveFeed.frameCount > 0;
    const double frameTime = character.clip->document.motion.frameTime;
    bvh::Motion held;
    bool secondArrived = false;
    {
        const std::lock_guard lock(character.liveFeed.frames->mutex);
        const bvh::live::FrameWindow& window = character.liveFeed.frames->window;
        if (window.empty() || !character.liveFeed.frames->started) {
            return false;
        }
        const std::uint64_t first = character.liveFeed.frames->firstNumber;
        // A Motion counts frames in 32 bits: a take longer than that (50 days at 1000 Hz)
        // stops growing on the timeline.
        constexpr std::uint64_t kMostFrames = 0xFFFFFFFFu;
        character.liveFeed.frameCount =
            static_cast<std::uint32_t>(std::min(window.endFrame() - first, kMostFrames));
        character.liveFeed.firstHeldFrame =
            static_cast<std::uint32_t>(std::min(window.firstFrame() - first, kMostFrames));
        // How the figure stands is measured from its first frames, then again once a second of
        // them arrived (facing and ground need the figure to move a little).
        secondArrived =
            !character.liveFeed.stanceSettled && window.size() * frameTime >= kLiveStanceSeconds;
        if (hadFrames && !secondArrived) {
            return false;
        }
        character.liveFeed.stanceSettled = secondArrived;
        held = heldFrames(window, 240, frameTime);
    }
    auto clip = std::make_shared<Clip>(*character.clip);
    if (!hadFrames) {
        // The translation mode is decided from the first frame, as for a file still loading.
        bvh::Motion firstFrame;
        firstFrame.frameCount = 1;
        firstFrame.channelCount = held.channelCount;
        firstFrame.values.assign(held.values.begin(), held.values.begin() + held.channelCount);
        clip->translation = bvh::resolveTranslationMode(bvh::TranslationMode::Auto,
                                                        clip->document.skeleton, firstFrame);
        clip->summary.translationUsed = clip->translation;
    }
    if (!hadFrames && !secondArrived) {
        // A few frames do not tell up from the way the figure moves (a walk's first steps read
        // as rising along the walk): the first placement stands on the rest pose's up axis, and
        // the second measure moves it only when it differs materially (settledLiveStance).
        clip->summary.stance =
            bvh::analyzeStance(clip->document.skeleton, held, clip->translation,
                               clip->summary.restPose, clip->summary.restPose.upAxis);
        clip->summary.stance.source = bvh::UpAxisSource::RestPose;
    } else {
        const bvh::Stance measured = bvh::analyzeStance(clip->document.skeleton, held,
                                                        clip->translation, clip->summary.restPose);
        // A first second already there (a growing file's rows written so far) is measured whole.
        clip->summary.stance =
            hadFrames ? settledLiveStance(clip->summary.stance, measured) : measured;
    }
    character.clip = std::move(clip);
    return true;
}

bvh::Stance settledLiveStance(const bvh::Stance& provisional, bvh::Stance measured) {
    const double height = std::max(provisional.height, measured.height);
    const bool sameAxes =
        measured.upAxis == provisional.upAxis && measured.unit == provisional.unit;
    const bool sameGround = std::abs(measured.groundLevel - provisional.groundLevel) <=
                            kLivePlacementTolerance * height;
    const bool sameHeight =
        std::abs(measured.height - provisional.height) <= kLivePlacementTolerance * height;
    // The height scales a figure of unknown unit (applyAxes): then it places the figure too.
    if (sameAxes && sameGround && (sameHeight || provisional.unit != bvh::LengthUnit::Unknown)) {
        measured.groundLevel = provisional.groundLevel;
        measured.height = provisional.height;
    }
    return measured;
}

} // namespace bvhscope::scene
