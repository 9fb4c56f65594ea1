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

#include "app/scene/character_appearance.h"
#include "app/scene/character_arrangement.h"
#include "app/scene/character_axes.h"
#include "app/scene/character_body.h"
#include "app/scene/character_file_load.h"
#include "app/scene/character_live_feed.h"
#include "app/scene/character_play_rate.h"
#include "app/scene/clip.h"
#include "app/scene/compare_paint.h"
#include "app/scene/ground_reach.h"
#include "core/analysis/frame_time_check.h"
#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/stance.h"
#include "core/analysis/summary.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "render/math/camera.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::scene {

// Height at which a figure whose unit cannot be guessed is shown.
using bvh::kUnknownUnitHeightMetres; // core/analysis/stance.h

// One character's pose at one time, in buffers owned by whoever samples it (samplePose). Sized
// to the character's node count by sampling; kept between samples so sampling allocates nothing.
struct CharacterPose {
    std::vector<bvh::RigidTransform> local;   // file axes and units
    std::vector<bvh::RigidTransform> world;   // file axes and units
    std::vector<glm::vec3> viewerPositions;   // viewer space, placed
    std::vector<bvh::RigidTransform> scratch; // the second frame of a blend
};

// A character is made of parts, each a small struct in its own header with one owner: the module
// whose functions change it. Anyone reads a part; a write from outside its owner goes through the
// owner's functions (below and in the part's header) or, from a panel, a command the session
// applies with them. tools/check_character_parts.py (the `character_parts` CTest) fails on a
// write to a part outside its owner's files, naming the file and line.
//
// Why a check rather than private fields with friends: the owners are free functions over a few
// files of one module (applyAxes, Scene::arrangeSideBySide, alignStartWith...) and, for the load
// and the live feed, classes in higher layers that app/scene must not include; friends would list
// them in every part and turn every read into an accessor. A lexical check, like
// tools/check_layers.py for includes, keeps reads plain and names the line that breaks the rule.
// A new per-character feature (retargeting, a live source, an analysis) is one new part with one
// owner, and one row in the check's table.
struct Character {
    // What the clip is: the file and what was analysed about it, shared and never changed
    // (clip.h); replaced only by the owner of the load and the live feed, as frames arrive.
    std::shared_ptr<const Clip> clip;
    CharacterPlayRate playRate; // character_play_rate.h; owner: character.cpp
    // How it is placed.
    CharacterAxes axes;               // character_axes.h; owner: character.cpp (applyAxes)
    CharacterArrangement arrangement; // character_arrangement.h; owner: app/scene
    // How it looks.
    CharacterAppearance appearance; // character_appearance.h; owner: app/scene
    // From the folder browser: the next or previous file replaces it. Owner: app/viewer/session
    // (folder_navigation).
    bool browsed = false;
    // Where its frames come from while they still arrive.
    CharacterFileLoad fileLoad; // character_file_load.h; owner: the loading functions below
    CharacterLiveFeed liveFeed; // character_live_feed.h; owner: the live functions below
    // What analyses paint on it.
    ComparePaint comparePaint; // compare_paint.h; owner: app/viewer/analysis

    bool loading() const { return fileLoad.load != nullptr; }
    bool isLive() const { return liveFeed.frames != nullptr; }
};

// The Frame Time playback, the timeline and sampling use: 1 / framesPerSecondOverride when set,
// else the file's.
double frameTimeInUse(const Character& character);
inline constexpr double kMinOverrideFramesPerSecond = 0.1;
inline constexpr double kMaxOverrideFramesPerSecond = 10000.0;
// Sets (or with nullopt clears) the override; false, and nothing changes, for a rate that is not
// finite or outside [kMinOverrideFramesPerSecond, kMaxOverrideFramesPerSecond].
bool setFramesPerSecondOverride(Character& character, std::optional<double> framesPerSecond);

// [SECTION] The user's choices of how a file stands (CharacterAxes); applyAxes() shows them.

// This file's up axis (nullopt: the settings' default).
void setUpAxisOverride(Character& character, std::optional<UpAxisChoice> choice);
void setShowAsInFile(Character& character, bool asInFile);
// True the first time only: the file is then looked up once among the remembered up axes.
bool takeRememberedUpAxisCheck(Character& character);

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

// Cancels the load (its reading thread stops) and frees what it read: the character ends its
// loading state with the header's clip (no frames) until the caller removes it (a failed load).
void cancelLoad(Character& character);

// [SECTION] Live characters

// A character for a live stream's skeleton (no frames yet): its clip has the skeleton and frame
// time and no frames; the stream's frames go into `frames`, and refreshLiveCharacter() shows them.
// `sourcePath`: the file followed while it is written, "" for a network stream.
Character makeLiveCharacter(std::string displayName, std::string sourcePath,
                            const bvh::Skeleton& skeleton, double frameTime,
                            std::shared_ptr<LiveFrames> frames);

// Takes the frames pushed since the last call into account (CharacterLiveFeed::frameCount,
// firstHeldFrame). Returns true when the first frames arrived (the translation mode is
// decided from the first frame, the stance measured from them) and again once
// kLiveStanceSeconds of frames arrived (the stance measured again, now that the figure moved):
// the caller then applies the axes again (bounds, ground); it frames the figure after the first
// frames, and after the second measure lets the follow glide (viewer::LiveStreams, restood).
inline constexpr double kLiveStanceSeconds = 1.0;
bool refreshLiveCharacter(Character& character);
// The first measure stands the figure on its rest pose's up axis (a few frames of a walk do not
// tell up); the second, `measured` once the figure moved, keeps the first's placement (up axis,
// unit, ground level and height) unless it differs materially: another up axis or unit, or a
// ground or height off by more than kLivePlacementTolerance of the figure's height. A figure
// that a few frames placed well then never moves on the ground when its stance is refined; one
// placed wrongly is placed anew at once (and the camera glides to it: FigureFollow).
inline constexpr double kLivePlacementTolerance = 0.05;
bvh::Stance settledLiveStance(const bvh::Stance& provisional, bvh::Stance measured);

// The live character plays at `frameTime` from now on, which comes from `origin` (issue 41: a
// rate measured from the frames' arrivals replaces an assumed one). Its timeline frames keep
// their numbers; their times scale. Ignores a frame time that is not finite and positive.
void setLiveRate(Character& character, double frameTime, LiveRateOrigin origin);
// What the Info panel writes after the rate: " (measured)" for a live rate measured from arrivals,
// " (assumed)" for an assumed one (a file without a usable Frame Time, a live stream before its
// rate is known), "" for a rate the file or the sender stated.
const char* frameRateNote(const Character& character);

// What the timeline may show of a character: every frame, or while loading, the frames loaded
// so far (at least the duration the header's frame time gives them); a live one, every frame
// received since it started (CharacterLiveFeed::frameCount).
std::uint32_t playableFrameCount(const Character& character);
double playableDuration(const Character& character);

// Applies the up axis and unit and recomputes the motion bounds. The character's own override,
// when set, wins over `upAxis` (the settings' default for new files). Auto takes core's decision
// from the motion (summary.stance); the unit always comes from the rest pose. A figure off the
// ground is lifted onto it (groundLiftMetres) unless showAsInFile.
void applyAxes(Character& character, UpAxisChoice upAxis, UnitChoice unit);

// "NAME: figure 0 tall (why)" for a figure whose joints all land on one point
// (bvh::Stance::belowPlacePrecision): what `render` and the viewer say before what they show,
// since the picture holds no figure. nullopt for every other figure.
std::optional<std::string> figureOnOnePointNote(const Character& character);
// "NAME: figure 1.64e+18 m tall in cm, over the 1e+18 m that can be drawn in floats (...)" for
// a figure whose height in the unit in use (a forced one: the unknown unit shows every figure
// at human height) is outside render::kSmallestDrawnMetres to kLargestDrawnMetres; nullopt for
// every other figure. `render` and the viewer say it before what they show.
std::optional<std::string> figureOutOfDrawnRangeNote(const Character& character);
// Every reason the picture of `character` holds no figure: figureOnOnePointNote and
// figureOutOfDrawnRangeNote, those that apply. What `render` and the viewer say on loading it.
std::vector<std::string> figureNotDrawnNotes(const Character& character);

// True for a node that is one of the character's static roots (bvh::Stance::staticRoots): it
// counts neither for framing nor bounds, and its links are drawn thin and dashed, or hidden.
bool isStaticRoot(const Character& character, std::size_t node);
// True for a node of the character's IK goal branches (bvh::Stance::goalBranches: Unreal's
// ik_foot_root and ik_hand_root chains, a solver's targets, not the body): as a static root, it
// counts neither for framing nor bounds, and the bone into it is drawn as a static link is.
bool isGoalBranchNode(const Character& character, std::size_t node);
// True for a node that framing and the bounds leave out: a static root or a goal-branch node.
bool isOutsideFigure(const Character& character, std::size_t node);

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
// character shown in place (CharacterArrangement::inPlace), the body root's ground travel (turned)
// from startGround. Every drawing of a pose (joints, body, onion skins, trails) applies this, so
// they stay together.
Placement placementFor(const Character& character, std::span<const bvh::RigidTransform> world);

// The frame shown at a time: nearest when sampling nearest, the earlier one when blending.
std::uint32_t frameAt(const Character& character, double timeSeconds);

} // namespace bvhscope::scene
