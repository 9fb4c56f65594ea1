// One loaded file as the viewer shows it: its clip (clip.h: the document and what was analysed
// about it, shared and immutable), the axis and unit conversion into the viewer's world (Y up,
// metres), its colour and placement. A character holds no pose: whoever samples it (the live view,
// a video export, a thumbnail, framing) owns the buffers the pose goes into (CharacterPose), so
// sampling a time never changes what another user of the character shows.
//
// A character can be shown while its file is still being read (file_loading.h): it is made as
// soon as the header is ready, its clip then holds the skeleton and motion header only (no
// frames), and poses are sampled from the frames loaded so far, read from the
// bvh::BackgroundLoad under its lock. When the load finishes, a clip of the finished document
// replaces the partial one.
#pragma once

#include "app/scene/character_body.h"
#include "app/scene/clip.h"
#include "app/scene/ground_reach.h"
#include "core/analysis/frame_time_check.h"
#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/stance.h"
#include "core/analysis/summary.h"
#include "core/kinematics/pose.h"
#include "core/live/frame_window.h"
#include "core/reader/background_load.h"
#include "core/reader/document.h"
#include "render/math/camera.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Height at which a figure whose unit cannot be guessed is shown.
using bvh::kUnknownUnitHeightMetres; // core/analysis/stance.h

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

// One character's pose at one time, in buffers owned by whoever samples it (samplePose). Sized
// to the character's node count by sampling; kept between samples so sampling allocates nothing.
struct CharacterPose {
    std::vector<bvh::RigidTransform> local;   // file axes and units
    std::vector<bvh::RigidTransform> world;   // file axes and units
    std::vector<glm::vec3> viewerPositions;   // viewer space, placed
    std::vector<bvh::RigidTransform> scratch; // the second frame of a blend
};

// The frames of a live stream a character shows (app/viewer/live pushes them once per UI frame):
// the last minutes in a fixed ring (core/live/frame_window.h), read and written under `mutex`.
// Timeline frame f is the stream's frame number firstNumber + f: numbers keep counting, so a
// frame the sender skipped is a gap that shows the frame before it, and frames older than the
// window are no longer scrubbable (sampling them gives the oldest held).
struct LiveFrames {
    LiveFrames(std::uint32_t channelCount, double frameTime, double keepSeconds)
        : window(channelCount, frameTime, keepSeconds) {}
    mutable std::mutex mutex;
    bvh::live::FrameWindow window;
    std::uint64_t firstNumber = 0; // the stream's number of timeline frame 0
    bool started = false;          // firstNumber is set
};

struct Character {
    // The file and what was analysed about it, shared and never changed (clip.h).
    std::shared_ptr<const Clip> clip;

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

    glm::vec4 color{1.0f};
    bool visible = true;
    bool browsed = false;      // from the folder browser: the next or previous file replaces it
    glm::vec3 placement{0.0f}; // added after conversion, to stand characters side by side
    // Radians about the viewer's up (+Y, counter-clockwise seen from above), turning the figure
    // about startGround before the placement is added: compare's Align start gives B A's
    // heading. 0 everywhere else. The file and every export keep the motion.
    float heading = 0.0f;
    // Shown in place (Scene::arrangeSideBySide, with several figures): the body root's travel on
    // the ground since the first frame is taken off for the view (placementFor), so the figure
    // stays in its slot of the row. The file and every export keep the motion.
    bool inPlace = false;
    render::Bounds motionBounds = render::emptyBounds(); // every frame, viewer space, unplaced
    // The figure's own room (Scene::arrangeSideBySide): every frame's joints relative to its
    // body root's ground position at that frame, so a walk is as wide as the walker, not the
    // room; the room its whole motion takes from where that ground position is at the first
    // frame (startGround), the lane a travelling figure needs. Viewer space, unplaced.
    GroundReach bodyReach;
    GroundReach travelReach;
    glm::vec3 startGround{0.0f};
    // Per node, in viewer metres at bone thickness 1 (Scene::boneRadius/jointRadius): the
    // radius of the bone ending at the node and of its joint sphere. They follow the figure's
    // height, capped by the rest length of the bones that meet there, so a finger is not drawn
    // as thick as an arm, and a hierarchy of thousands of tiny bones is not a pile of
    // overlapping fat capsules. Set by applyAxes.
    std::vector<float> boneRadii;
    std::vector<float> jointRadii;

    // A playback rate chosen in the viewer instead of the file's Frame Time (never written to
    // the file; export uses it only when asked). nullopt: the file's rate.
    std::optional<double> framesPerSecondOverride;
    // Per node: the colour of the bone ending at it and of its joint (A/B compare paints B's
    // differences); empty: the character's colour.
    std::vector<glm::vec4> nodeColors;
    // The body look's build for this clip as the character stands (character_body.h;
    // requestBodies); shared with other characters showing the clip the same way. Null until
    // the body look is asked for.
    std::shared_ptr<BodyBuild> body;

    // While the file is still being read: the load (destroying it cancels it), and the frames
    // of it that may be shown, refreshed once per UI frame by refreshLoadingCharacter().
    std::unique_ptr<bvh::BackgroundLoad> load;
    std::uint32_t framesLoaded = 0;
    double loadFraction = 1.0; // 0..1 of the file read
    bool loading() const { return load != nullptr; }

    // A live stream's character (app/viewer/live): its frames, and the timeline frames they
    // span (refreshLiveCharacter). The clip holds the stream's skeleton and no frames.
    std::shared_ptr<LiveFrames> live;
    std::uint32_t liveFrameCount = 0;     // timeline frames: up to the newest received
    std::uint32_t liveFirstHeldFrame = 0; // the oldest still in memory (scrubbable from here)
    bool liveStanceSettled = false;       // measured again after kLiveStanceSeconds of frames
    bool isLive() const { return live != nullptr; }
};

// The Frame Time playback, the timeline and sampling use: 1 / framesPerSecondOverride when set,
// else the file's.
double frameTimeInUse(const Character& character);
inline constexpr double kMinOverrideFramesPerSecond = 0.1;
inline constexpr double kMaxOverrideFramesPerSecond = 10000.0;
// Sets (or with nullopt clears) the override; false, and nothing changes, for a rate that is not
// finite or outside [kMinOverrideFramesPerSecond, kMaxOverrideFramesPerSecond].
bool setFramesPerSecondOverride(Character& character, std::optional<double> framesPerSecond);

// Builds a character from a loaded document (document.loaded() must be true).
Character makeCharacter(std::string displayName, std::string sourcePath, bvh::Document document);
// A character showing a clip already read (another view of the same file shares it).
Character makeCharacter(std::shared_ptr<const Clip> clip);

// Builds a character from a load whose header is ready (load->headerReady(), not finished):
// the skeleton and motion header are copied; frames stay in the load.
Character makeLoadingCharacter(std::string displayName, std::string sourcePath,
                               std::unique_ptr<bvh::BackgroundLoad> load);

// Takes the frames loaded so far into account. Returns true when the first frames arrived
// (the translation mode and motion bounds were recomputed from them).
bool refreshLoadingCharacter(Character& character);

// Swaps the finished document in (document.loaded() must be true) and ends the loading state.
// Colour, visibility and placement stay.
void finishLoadingCharacter(Character& character, bvh::Document document);

// [SECTION] Live characters

// A character for a live stream's skeleton (no frames yet): its clip has the skeleton and frame
// time and no frames; the stream's frames go into `frames`, and refreshLiveCharacter() shows them.
// `sourcePath`: the file followed while it is written, "" for a network stream.
Character makeLiveCharacter(std::string displayName, std::string sourcePath,
                            const bvh::Skeleton& skeleton, double frameTime,
                            std::shared_ptr<LiveFrames> frames);

// Takes the frames pushed since the last call into account (liveFrameCount,
// liveFirstHeldFrame). Returns true when the first frames arrived (the translation mode is
// decided from the first frame, the stance measured from them) and again once
// kLiveStanceSeconds of frames arrived (the stance measured again, now that the figure moved):
// the caller then applies the axes again (bounds, ground) and frames the figure.
inline constexpr double kLiveStanceSeconds = 1.0;
bool refreshLiveCharacter(Character& character);

// What the timeline may show of a character: every frame, or while loading, the frames loaded
// so far (at least the duration the header's frame time gives them); a live one, every frame
// received since it started (liveFrameCount).
std::uint32_t playableFrameCount(const Character& character);
double playableDuration(const Character& character);

// Applies the up axis and unit and recomputes the motion bounds. The character's own override,
// when set, wins over `upAxis` (the settings' default for new files). Auto takes core's decision
// from the motion (summary.stance); the unit always comes from the rest pose. A figure off the
// ground is lifted onto it (groundLiftMetres) unless showAsInFile.
void applyAxes(Character& character, UpAxisChoice upAxis, UnitChoice unit);

// True for a node that is one of the character's static roots (bvh::Stance::staticRoots): it
// counts neither for framing nor bounds, and its links are drawn thin and dashed, or hidden.
bool isStaticRoot(const Character& character, std::size_t node);

// The node that carries the figure: the first root, or below a static root (core/analysis/
// stance.h: a never-moving root at the origin above the moving hips) its first child.
std::size_t bodyRootNode(const Character& character);

// The figure's front in `pose` (bvh::facingOfPose on its world transforms), else the clip's
// (bvh::Stance::facing), in viewer axes; nullopt when neither is known.
std::optional<glm::vec3> viewerFacing(const Character& character, const CharacterPose& pose);

// The rotation taking `upAxis` to +Y (a proper rotation, so handedness is kept: a Z-up file
// facing -Y ends up facing +Z) followed by the unit's scale to metres.
glm::dmat4 fileToViewerTransform(bvh::UpAxis upAxis, bvh::LengthUnit unit);

// Samples the pose at `timeSeconds` (clamped to the clip, at frameTimeInUse) into `pose`, sized
// to the character's node count. Reads the character only (a loading one's frames under the
// load's lock), so any number of callers may sample it, each into its own buffers.
void samplePose(const Character& character, double timeSeconds, bvh::Interpolation interpolation,
                CharacterPose& pose);

// The OFFSET rest pose (every rotation zero, the root at its OFFSET) into `pose`.
void sampleRestPose(const Character& character, CharacterPose& pose);

// pose.viewerPositions from pose.world and the character's current placement (after the
// placement changed: no kinematics are evaluated again).
void placePose(const Character& character, CharacterPose& pose);

// How a point of the character in viewer space (converted, unplaced) is put in the scene: turned
// by `heading` about the up axis through `pivot`, then moved by `offset`.
struct Placement {
    glm::vec3 offset{0.0f};
    float heading = 0.0f;
    glm::vec3 pivot{0.0f};
    glm::vec3 apply(const glm::vec3& point) const;
    glm::mat4 matrix() const; // the same as a matrix, applied after fileToViewer
};

// Where a pose of the character, given by its world transforms (file axes and units), is put
// in the viewer: turned by its heading about startGround, moved by its placement, less, for a
// character shown in place (Character::inPlace), the body root's ground travel (turned) from
// startGround. Every drawing of a pose (joints, body, onion skins, trails) applies this, so
// they stay together.
Placement placementFor(const Character& character, std::span<const bvh::RigidTransform> world);

// The frame shown at a time: nearest when sampling nearest, the earlier one when blending.
std::uint32_t frameAt(const Character& character, double timeSeconds);

} // namespace bvhscope::viewer
