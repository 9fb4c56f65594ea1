// The one table of every option a user can set (issue 43): its name, settings.ini key,
// command-line flag, type, range, default, unit, one-line help and choices. The command lines
// (`render`, the viewer), settings.ini, the Settings panel's widgets and `bvhscope options`
// read their ranges, defaults and words from here, so that they cannot disagree.
//
// A new option is one entry below, added to kAllOptions, plus the field that holds it (and,
// for a settings.ini key, the line in app/viewer/io/settings_store.cpp that binds the key to
// that field). The table depends on nothing but core/model's bounds: app/cli, app/headless,
// app/scene and app/viewer all read it.
#pragma once

#include "core/model/output_limits.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::options {

// How an option's value is written. Integer and Number have a range; Size is "WxH", each side
// in the range; Rate is a frame rate ("30", "29.97", "30000/1001") in the range; Frame is a
// frame number of the file (from 0; the file decides the top); Colour is "R G B" or "R G B A",
// each from 0 to 1.
enum class ValueType : std::uint8_t {
    Boolean,
    Integer,
    Number,
    Choice,
    Text,
    Colour,
    Size,
    Rate,
    Frame,
    FrameRange
};

// The command lines that take an option's flag.
// Each subcommand has its bit, so that one option (such as --frames) can belong to several.
enum CommandMask : std::uint16_t {
    kNoCommand = 0,
    kRender = 1U << 0U,
    kViewer = 1U << 1U,
    kRetarget = 1U << 2U,
    kConvert = 1U << 3U,
    kPositions = 1U << 4U,
    kInfo = 1U << 5U,
    kCheck = 1U << 6U,
    kThumbnail = 1U << 7U,
    kSimilar = 1U << 8U,
    kServe = 1U << 9U,
    kRecord = 1U << 10U
};

// A top that depends on the output: render's --crf goes to 51 for MP4 and 63 for WebM.
struct OutputMaximum {
    std::string_view output; // the -o extension: "mp4"
    double maximum = 0.0;
};

// What render must be asked for before it takes an option (its refusal says so otherwise).
enum class RenderNeed : std::uint8_t { Nothing, VideoOutput, ContactSheet };

// One command line's words for an option whose flag means the same on several (--frames: render
// draws those frames, convert keeps them). Where a command has none, its --help says `help`.
struct CommandWords {
    CommandMask command = kNoCommand;
    std::string_view help{};
};

// Each command line's bit and the name `bvhscope options` gives it, in the order it lists them.
struct CommandName {
    CommandMask command = kNoCommand;
    std::string_view name{};
};
inline constexpr std::array<CommandName, 11> kCommandNames{{{kRender, "render"},
                                                            {kViewer, "viewer"},
                                                            {kRetarget, "retarget"},
                                                            {kConvert, "convert"},
                                                            {kPositions, "positions"},
                                                            {kInfo, "info"},
                                                            {kCheck, "check"},
                                                            {kThumbnail, "thumbnail"},
                                                            {kSimilar, "similar"},
                                                            {kServe, "serve"},
                                                            {kRecord, "record"}}};

struct Option {
    std::string_view name{};             // snake_case, unique
    std::string_view key{};              // settings.ini; empty: not kept
    std::string_view flag{};             // "--fov"; empty: no flag
    std::uint16_t commands = kNoCommand; // which command lines take `flag`
    ValueType type = ValueType::Boolean; //
    std::optional<double> minimum{};     // Integer, Number, Size (each side), Rate
    std::optional<double> maximum{};     //
    double step = 1.0;                   // the smallest change a widget makes
    std::string_view defaultValue{};     // as settings.ini writes it; empty: none
    std::string_view unit{};             // "degrees", "frames"...; empty: none
    std::string_view help{};             // one line
    std::span<const std::string_view> choices{};
    RenderNeed renderNeeds = RenderNeed::Nothing;
    std::string_view placeholder{}; // --help's word for the value: "DEG", "auto|mm|cm|m|inch"
    // Where the top depends on the output, each output's (`maximum` is the largest of them).
    std::span<const OutputMaximum> maximumByOutput{};
    // A command line's own words for the option (helpFor); `help` for every other one.
    std::span<const CommandWords> helpByCommand{};
    // A one-letter spelling the command lines also take ("-s" for thumbnail's --size).
    std::string_view alias{};
    // The range excludes `minimum` itself: "more than 0" (a timeout, a scale factor).
    bool minimumExcluded = false;
};

// [SECTION] Choices

inline constexpr std::array<std::string_view, 4> kBoneStyleWords{"capsule", "octahedral", "line",
                                                                 "body"};
inline constexpr std::array<std::string_view, 3> kJointMarkWords{"off", "selection", "all"};
inline constexpr std::array<std::string_view, 7> kUpAxisWords{"auto", "+y", "+z", "-y",
                                                              "-z",   "+x", "-x"};
inline constexpr std::array<std::string_view, 5> kUnitWords{"auto", "mm", "cm", "m", "inch"};
// "vmc" and "mocopi" are File > Connect's only: on the command line the address's scheme says it.
inline constexpr std::array<std::string_view, 6> kLiveFormatWords{"auto", "axis", "lines",
                                                                  "bvh",  "vmc",  "mocopi"};
inline constexpr std::array<std::string_view, 2> kBrowserViewWords{"list", "grid"};
inline constexpr std::array<std::string_view, 3> kCameraWords{"figure", "clip", "follow"};
inline constexpr std::array<std::string_view, 2> kLayoutWords{"side", "overlaid"};
inline constexpr std::array<std::string_view, 1> kMsaaWords{"auto"};

// [SECTION] Appearance

inline constexpr Option kBoneStyle{
    .name = "bone_style",
    .key = "bone_style",
    .flag = "--bones",
    .commands = kRender | kViewer | kThumbnail,
    .type = ValueType::Choice,
    .defaultValue = "capsule",
    .help =
        "how bones are drawn, capsules by default; body: a smooth surface made from the skeleton "
        "alone (capsules, with a message, where none can be made)",
    .choices = kBoneStyleWords,
    .placeholder = "capsules|lines|octahedral|body"};
inline constexpr Option kBoneThickness{.name = "bone_thickness",
                                       .key = "bone_thickness",
                                       .type = ValueType::Number,
                                       .minimum = 0.1,
                                       .maximum = 5.0,
                                       .step = 0.01,
                                       .defaultValue = "1",
                                       .unit = "times",
                                       .help = "bone thickness, a multiple of the default"};
inline constexpr Option kShowJoints{.name = "show_joints",
                                    .key = "show_joints",
                                    .defaultValue = "true",
                                    .help = "joints drawn as spheres"};
inline constexpr Option kShowGrid{
    .name = "show_grid", .key = "show_grid", .defaultValue = "true", .help = "the ground grid"};
inline constexpr Option kShowShadow{.name = "show_shadow",
                                    .key = "show_shadow",
                                    .defaultValue = "true",
                                    .help = "the contact shadow under each figure"};
inline constexpr Option kShowFileLabels{.name = "show_file_labels",
                                        .key = "show_file_labels",
                                        .defaultValue = "true",
                                        .help = "each figure's file name above it in the view"};
inline constexpr Option kJointNames{.name = "joint_names",
                                    .key = "joint_names",
                                    .type = ValueType::Choice,
                                    .defaultValue = "off",
                                    .help = "which joints show their name in the view",
                                    .choices = kJointMarkWords};
inline constexpr Option kJointAxes{.name = "joint_axes",
                                   .key = "joint_axes",
                                   .type = ValueType::Choice,
                                   .defaultValue = "off",
                                   .help = "which joints show their local axes (X red, Y green, "
                                           "Z blue)",
                                   .choices = kJointMarkWords};
// Not "hide_static_root_links": every settings file written before issue 42 holds that key's
// old default, false, which would keep the dashed link the issue removes.
inline constexpr Option kStaticRootLinksHidden{
    .name = "static_root_links_hidden",
    .key = "static_root_links_hidden",
    .defaultValue = "true",
    .help = "hide the thin dashed link from a root that never moves to the moving body, and "
            "the bones into IK goals (Unreal's ik_foot_root, ik_hand_root)"};
inline constexpr Option kSeveralFiguresInPlace{
    .name = "several_figures_in_place",
    .key = "several_figures_in_place",
    .defaultValue = "true",
    .help = "two or more figures shown in place, their travel taken off, else in lanes"};
inline constexpr Option kBackgroundColor{.name = "background_color",
                                         .key = "background_color",
                                         .type = ValueType::Colour,
                                         .defaultValue = "0.11 0.12 0.14",
                                         .help = "the view's background, R G B from 0 to 1"};
inline constexpr Option kSelectionColor{.name = "selection_color",
                                        .key = "selection_color",
                                        .type = ValueType::Colour,
                                        .defaultValue = "1 0.85 0.25 1",
                                        .help = "the selected joint, R G B A from 0 to 1"};
inline constexpr Option kMsaaSamples{
    .name = "msaa_samples",
    .key = "msaa_samples",
    .type = ValueType::Integer,
    .minimum = 0,
    .maximum = 16,
    .defaultValue = "auto",
    .unit = "samples",
    .help = "multisampling: auto (4 on a GPU, none on a software renderer) or 0 to 16",
    .choices = kMsaaWords};

// [SECTION] Playback

inline constexpr Option kPlaybackSpeed{.name = "playback_speed",
                                       .key = "playback_speed",
                                       .type = ValueType::Number,
                                       .minimum = 0.1,
                                       .maximum = 4.0,
                                       .step = 0.01,
                                       .defaultValue = "1",
                                       .unit = "times",
                                       .help = "playback speed, a multiple of the capture's rate"};
inline constexpr Option kLoop{.name = "loop",
                              .key = "loop",
                              .defaultValue = "true",
                              .help = "play the clip (or the marked range) over and over"};
inline constexpr Option kInterpolate{.name = "interpolate",
                                     .key = "interpolate",
                                     .defaultValue = "true",
                                     .help =
                                         "blend between frames when the time falls between two"};
inline constexpr Option kPlayOnOpen{.name = "play_on_open",
                                    .key = "play_on_open",
                                    .defaultValue = "true",
                                    .help = "start playing when a file opens"};

// [SECTION] Camera

inline constexpr Option kFieldOfView{.name = "field_of_view",
                                     .key = "field_of_view_degrees",
                                     .flag = "--fov",
                                     .commands = kRender,
                                     .type = ValueType::Number,
                                     .minimum = 5.0,
                                     .maximum = 150.0,
                                     .step = 1.0,
                                     .defaultValue = "45",
                                     .unit = "degrees",
                                     .help = "vertical field of view",
                                     .placeholder = "DEG"};
inline constexpr Option kOrbitSensitivity{.name = "orbit_sensitivity",
                                          .key = "orbit_sensitivity",
                                          .type = ValueType::Number,
                                          .minimum = 0.1,
                                          .maximum = 5.0,
                                          .step = 0.01,
                                          .defaultValue = "1",
                                          .unit = "times",
                                          .help = "how far a mouse drag turns the camera"};
inline constexpr Option kInvertZoom{.name = "invert_zoom",
                                    .key = "invert_zoom",
                                    .defaultValue = "false",
                                    .help = "the wheel zooms the other way"};
inline constexpr Option kFollowSelection{.name = "follow_selection",
                                         .key = "follow_selection",
                                         .defaultValue = "false",
                                         .help = "keep the selected joint in view as it moves"};
inline constexpr Option kFrameOnLoad{.name = "frame_on_load",
                                     .key = "frame_on_load",
                                     .defaultValue = "true",
                                     .help = "frame the figure as it stands when a file opens"};
inline constexpr Option kYaw{.name = "yaw",
                             .flag = "--yaw",
                             .commands = kRender,
                             .type = ValueType::Number,
                             .minimum = -3600.0,
                             .maximum = 3600.0,
                             .unit = "degrees",
                             .help =
                                 "the view's direction around the figure (default: the figure's "
                                 "front three-quarters, as the viewer shows it on load, else 28.6)",
                             .placeholder = "DEG"};
inline constexpr Option kPitch{.name = "pitch",
                               .flag = "--pitch",
                               .commands = kRender,
                               .type = ValueType::Number,
                               .minimum = -85.0,
                               .maximum = 85.0,
                               .defaultValue = "14.3",
                               .unit = "degrees",
                               .help = "the view's height angle",
                               .placeholder = "DEG"};
inline constexpr Option kCamera{
    .name = "camera",
    .flag = "--camera",
    .commands = kRender,
    .type = ValueType::Choice,
    .help = "figure: the figure as it stands; clip: one framing of the whole clip; follow: aimed "
            "at the root each frame (default: figure for images, follow for sequences)",
    .choices = kCameraWords,
    .placeholder = "figure|clip|follow"};

// [SECTION] Panels

inline constexpr Option kShowCurves{.name = "show_curves",
                                    .key = "show_curves",
                                    .defaultValue = "false",
                                    .help = "the Curves panel of the selected joint is open"};

// [SECTION] Analysis overlays

inline constexpr Option kShowTrails{.name = "show_trails",
                                    .key = "show_trails",
                                    .flag = "--trail",
                                    .commands = kRender,
                                    .defaultValue = "false",
                                    .help = "the selected joint's path, else each root's"};
inline constexpr Option kTrailJoint{.name = "trail_joint",
                                    .flag = "--trail-joint",
                                    .commands = kRender,
                                    .type = ValueType::Text,
                                    .help = "the joint whose path is drawn (implies --trail)",
                                    .placeholder = "NAME"};
inline constexpr Option kTrailFrames{
    .name = "trail_frames",
    .key = "trail_frames",
    .flag = "--trail-frames",
    .commands = kRender,
    .type = ValueType::Integer,
    .minimum = 1,
    .maximum = 100000,
    .defaultValue = "60",
    .unit = "frames",
    .help = "how far the trail reaches either side of the current frame",
    .placeholder = "N"};
inline constexpr Option kShowGhosts{.name = "show_ghosts",
                                    .key = "show_ghosts",
                                    .defaultValue = "false",
                                    .help = "onion skins: poses before and after the frame"};
// One range for the viewer's onion skins and render's --ghosts (settings.ini clamped to 20 and
// render took 50 before the table): render's scripts keep working, and 50 either side is still
// cheap to draw (each ghost is one pose of lines or capsules).
inline constexpr Option kGhostCount{
    .name = "ghost_count",
    .key = "ghost_count",
    .flag = "--ghosts",
    .commands = kRender,
    .type = ValueType::Integer,
    .minimum = 1,
    .maximum = 50,
    .defaultValue = "3",
    .unit = "poses",
    .help = "onion-skin poses either side of the frame (with --ghosts: turns them on)",
    .placeholder = "N"};
inline constexpr Option kGhostStep{.name = "ghost_step",
                                   .key = "ghost_step",
                                   .flag = "--ghost-step",
                                   .commands = kRender,
                                   .type = ValueType::Integer,
                                   .minimum = 1,
                                   .maximum = 100000,
                                   .defaultValue = "5",
                                   .unit = "frames",
                                   .help = "frames between onion-skin poses",
                                   .placeholder = "K"};
inline constexpr Option kGhostOpacity{.name = "ghost_opacity",
                                      .key = "ghost_opacity",
                                      .type = ValueType::Number,
                                      .minimum = 0.05,
                                      .maximum = 1.0,
                                      .step = 0.01,
                                      .defaultValue = "0.35",
                                      .help = "how opaque the onion skins are"};
inline constexpr Option kShowFootContacts{
    .name = "show_foot_contacts",
    .key = "show_foot_contacts",
    .flag = "--contacts",
    .commands = kRender,
    .defaultValue = "false",
    .help = "foot contact markers on the ground, sliding feet in red"};
inline constexpr Option kFootSlideSpeed{
    .name = "foot_slide_speed",
    .key = "foot_slide_speed",
    .type = ValueType::Number,
    .minimum = 0.005,
    .maximum = 1.0,
    .step = 0.001,
    .defaultValue = "0.1",
    .unit = "heights/s",
    .help = "a foot in contact slides above this speed (0.1 = 17 cm/s for 1.7 m)"};

// [SECTION] Conversion into the viewer's world

inline constexpr Option kUpAxis{
    .name = "up_axis",
    .key = "up_axis",
    .flag = "--up",
    .commands = kRender,
    .type = ValueType::Choice,
    .defaultValue = "auto",
    .help = "the file's up axis (auto: from the motion; the command line also takes x, y, z)",
    .choices = kUpAxisWords,
    .placeholder = "auto|x|y|z|-x|-y|-z"};
inline constexpr std::array<CommandWords, 1> kUnitWordsOfConvert{
    {{kConvert, "glTF: the file's length unit (auto: from the rest pose)"}}};
inline constexpr Option kUnit{.name = "unit",
                              .key = "unit",
                              .flag = "--unit",
                              .commands = kRender | kConvert,
                              .type = ValueType::Choice,
                              .defaultValue = "auto",
                              .help = "the file's length unit (auto: from the rest pose)",
                              .choices = kUnitWords,
                              .placeholder = "auto|mm|cm|m|inch",
                              .helpByCommand = kUnitWordsOfConvert};

// [SECTION] Window

inline constexpr Option kWindowWidth{.name = "window_width",
                                     .key = "window_width",
                                     .type = ValueType::Integer,
                                     .minimum = 320,
                                     .maximum = 16384,
                                     .defaultValue = "1400",
                                     .unit = "pixels",
                                     .help = "the first window's width"};
inline constexpr Option kWindowHeight{.name = "window_height",
                                      .key = "window_height",
                                      .type = ValueType::Integer,
                                      .minimum = 240,
                                      .maximum = 16384,
                                      .defaultValue = "860",
                                      .unit = "pixels",
                                      .help = "the first window's height"};
// The viewer's --size: each side in window_width's and window_height's ranges (the JSON gives
// the smaller minimum; the parser checks each side against its own).
inline constexpr Option kWindowSize{
    .name = "window_size",
    .flag = "--size",
    .commands = kViewer,
    .type = ValueType::Size,
    .minimum = 240,
    .maximum = 16384,
    .unit = "pixels",
    .help = "window size for this run, WxH (width from 320; default: the last size used)",
    .placeholder = "WxH"};
inline constexpr Option kDockLeftWidth{
    .name = "dock_left_width",
    .key = "dock_left_width",
    .type = ValueType::Number,
    .minimum = 0.0,
    .maximum = 0.45,
    .step = 0.01,
    .defaultValue = "0",
    .help = "the left column, of the window's width (0: chosen for the window; else from 0.05)"};
inline constexpr Option kDockRightWidth{
    .name = "dock_right_width",
    .key = "dock_right_width",
    .type = ValueType::Number,
    .minimum = 0.0,
    .maximum = 0.45,
    .step = 0.01,
    .defaultValue = "0",
    .help = "the right column, of the window's width (0: chosen for the window; else from 0.05)"};
inline constexpr Option kDockBottomHeight{
    .name = "dock_bottom_height",
    .key = "dock_bottom_height",
    .type = ValueType::Number,
    .minimum = 0.0,
    .maximum = 0.6,
    .step = 0.01,
    .defaultValue = "0",
    .help = "the analysis dock, of the window's height (0: chosen for the window; else from "
            "0.05)"};
inline constexpr Option kDockLeftCollapsed{.name = "dock_left_collapsed",
                                           .key = "dock_left_collapsed",
                                           .defaultValue = "false",
                                           .help = "the left column is folded away"};
inline constexpr Option kDockRightCollapsed{.name = "dock_right_collapsed",
                                            .key = "dock_right_collapsed",
                                            .defaultValue = "false",
                                            .help = "the right column is folded away"};
// The smallest dock fraction other than 0 ("chosen for the window").
inline constexpr double kSmallestDockFraction = 0.05;

// [SECTION] Live streams

inline constexpr Option kLiveHost{.name = "live_host",
                                  .key = "live_host",
                                  .type = ValueType::Text,
                                  .defaultValue = "127.0.0.1",
                                  .help = "File > Connect's last host"};
inline constexpr Option kLivePort{.name = "live_port",
                                  .key = "live_port",
                                  .type = ValueType::Integer,
                                  .minimum = 1,
                                  .maximum = 65535,
                                  .defaultValue = "7001",
                                  .help = "File > Connect's last port (Axis Neuron's default)"};
inline constexpr Option kLiveFormat{
    .name = "live_format",
    .key = "live_format",
    .flag = "--format",
    .commands = kViewer,
    .type = ValueType::Choice,
    .defaultValue = "auto",
    .help = "a live stream's format (auto: chosen from its first bytes; vmc and mocopi, in File > "
            "Connect: listen over UDP on Host and Port)",
    .choices = kLiveFormatWords,
    .placeholder = "auto|axis|lines|bvh"};
inline constexpr Option kLiveSkeleton{
    .name = "live_skeleton",
    .key = "live_skeleton",
    .flag = "--skeleton",
    .commands = kViewer,
    .type = ValueType::Text,
    .help = "a BVH whose channels a live stream's values follow (lines: needed; axis: else the "
            "built-in 59-joint Axis skeleton)",
    .placeholder = "FILE"};
inline constexpr Option kLiveWindowSeconds{
    .name = "live_window_seconds",
    .key = "live_window_seconds",
    .type = ValueType::Number,
    .minimum = 5.0,
    .maximum = 1800.0,
    .step = 1.0,
    .defaultValue = "120",
    .unit = "seconds",
    .help = "seconds of a live stream kept in memory to scrub back"};
inline constexpr Option kLiveRecordFolder{
    .name = "live_record_folder",
    .key = "live_record_folder",
    .type = ValueType::Text,
    .help = "where Record puts takes (empty: the home folder's bvhscope-takes)"};

// [SECTION] Exports

inline constexpr Option kExportFolderBvh{.name = "export_folder_bvh",
                                         .key = "export_folder_bvh",
                                         .type = ValueType::Text,
                                         .help = "where the last BVH export went"};
inline constexpr Option kExportFolderGltf{.name = "export_folder_gltf",
                                          .key = "export_folder_gltf",
                                          .type = ValueType::Text,
                                          .help = "where the last glTF export went"};
inline constexpr Option kExportFolderVideo{.name = "export_folder_video",
                                           .key = "export_folder_video",
                                           .type = ValueType::Text,
                                           .help = "where the last video export went"};
inline constexpr Option kExportFolderPicture{.name = "export_folder_picture",
                                             .key = "export_folder_picture",
                                             .type = ValueType::Text,
                                             .help = "where the last picture export went"};

// [SECTION] Browser

inline constexpr Option kBrowserView{.name = "browser_view",
                                     .key = "browser_view",
                                     .type = ValueType::Choice,
                                     .defaultValue = "list",
                                     .help = "the Browser shows rows or a grid of thumbnails",
                                     .choices = kBrowserViewWords};
inline constexpr Option kBrowserCellSize{
    .name = "browser_cell_size",
    .key = "browser_cell_size",
    .type = ValueType::Integer,
    .minimum = 64,
    .maximum = 192,
    .step = 8,
    .defaultValue = "128",
    .unit = "pixels",
    .help = "the Browser grid's square cells, before content scale"};

// [SECTION] What render draws

inline constexpr Option kFrame{
    .name = "frame",
    .flag = "--frame",
    .commands = kRender | kViewer,
    .type = ValueType::Frame,
    .minimum = 0,
    .defaultValue = "0",
    .unit = "frames",
    .help = "the frame to draw (on a contact sheet, each file's last frame when it is shorter) or, "
            "in the viewer, to open paused at; 0-based",
    .placeholder = "N"};
inline constexpr std::array<CommandWords, 2> kFramesWords{
    {{kConvert, "keep frames A to B (inclusive, 0-based; \"A:\" and \":B\" leave an end open, "
                "\"N\" is one frame); both must be frames of IN"},
     {kPositions,
      "inclusive 0-based frame range; \"A:\" and \":B\" leave an end open, \"N\" is a single "
      "frame; both must be frames of FILE (default: every frame; the rest pose when the file has "
      "no frames, written as frame 0)"}}};
inline constexpr Option kFrames{
    .name = "frames",
    .flag = "--frames",
    .commands = kRender | kConvert | kPositions,
    .type = ValueType::FrameRange,
    .help = "an image per frame from A to B inclusive (A: to the end); both must be frames of FILE",
    .placeholder = "A:B",
    .helpByCommand = kFramesWords};
inline constexpr Option kImageSize{.name = "image_size",
                                   .flag = "--size",
                                   .commands = kRender,
                                   .type = ValueType::Size,
                                   .minimum = 16,
                                   .maximum = 8192,
                                   .defaultValue = "1280x720",
                                   .unit = "pixels",
                                   .help = "image size, WxH (N: a square N x N)",
                                   .placeholder = "WxH"};
inline constexpr Option kNoOverlay{.name = "no_overlay",
                                   .flag = "--no-overlay",
                                   .commands = kRender,
                                   .defaultValue = "false",
                                   .help = "no frame / timecode / file name text in the corner"};
inline constexpr Option kLayout{.name = "layout",
                                .flag = "--layout",
                                .commands = kRender,
                                .type = ValueType::Choice,
                                .defaultValue = "side",
                                .help = "several FILEs side by side or each at its own origin",
                                .choices = kLayoutWords,
                                .placeholder = "side|overlaid"};
inline constexpr Option kTile{.name = "tile",
                              .flag = "--tile",
                              .commands = kRender,
                              .type = ValueType::Size,
                              .minimum = 32,
                              .maximum = 2048,
                              .defaultValue = "320x240",
                              .unit = "pixels",
                              .help = "a contact sheet's tile size, WxH (N: a square N x N)",
                              .renderNeeds = RenderNeed::ContactSheet,
                              .placeholder = "WxH"};
inline constexpr Option kColumns{.name = "columns",
                                 .flag = "--columns",
                                 .commands = kRender,
                                 .type = ValueType::Integer,
                                 .minimum = 1,
                                 .maximum = 1000,
                                 .unit = "tiles",
                                 .help = "a contact sheet's tiles per row (default: about square)",
                                 .renderNeeds = RenderNeed::ContactSheet,
                                 .placeholder = "C"};

// [SECTION] Video and sound

// The top is the WebM (VP9) quality scale's; H.264 (MP4) stops at kLargestMp4Crf.
inline constexpr int kLargestMp4Crf = 51;
inline constexpr std::array<OutputMaximum, 2> kCrfMaximumByOutput{
    {{"mp4", kLargestMp4Crf}, {"webm", 63}}};
inline constexpr Option kCrf{.name = "crf",
                             .flag = "--crf",
                             .commands = kRender,
                             .type = ValueType::Integer,
                             .minimum = 0,
                             .maximum = 63,
                             .help =
                                 "video quality, lower is better and larger: MP4 (H.264) 0 to 51, "
                                 "default 20; WebM (VP9) 0 to 63, default 32",
                             .renderNeeds = RenderNeed::VideoOutput,
                             .placeholder = "N",
                             .maximumByOutput = kCrfMaximumByOutput};
inline constexpr Option kFps{
    .name = "fps",
    .flag = "--fps",
    .commands = kRender,
    .type = ValueType::Rate,
    .minimum = bvh::kMinVideoFrameRate,
    .maximum = bvh::kMaxVideoFrameRate,
    .unit = "fps",
    .help = "frames per second (29.97, 30000/1001), poses interpolated between frames as playback "
            "does; default: the capture's rate, which must be in the range",
    .renderNeeds = RenderNeed::VideoOutput,
    .placeholder = "RATE"};
inline constexpr Option kAudio{
    .name = "audio",
    .flag = "--audio",
    .commands = kRender,
    .type = ValueType::Text,
    .help = "sound to play with the video (WAV, FLAC, OGG, MP3...), cut to the frames written; "
            "auto: the file with FILE's name and a sound extension (take12.bvh -> take12.wav), "
            "none when there is none",
    .renderNeeds = RenderNeed::VideoOutput,
    .placeholder = "SOUND|auto"};
inline constexpr Option kAudioOffset{.name = "audio_offset",
                                     .flag = "--audio-offset",
                                     .commands = kRender | kViewer,
                                     .type = ValueType::Number,
                                     .minimum = -86400.0,
                                     .maximum = 86400.0,
                                     .step = 0.01,
                                     .defaultValue = "0",
                                     .unit = "seconds",
                                     .help =
                                         "where the capture's frame 0 is in the sound (negative "
                                         "when the capture starts before it); render: with --audio",
                                     .renderNeeds = RenderNeed::VideoOutput,
                                     .placeholder = "SEC"};

// [SECTION] Retargeting (`bvhscope retarget`, issue 40): command-line only, no settings.ini key.

inline constexpr std::array<std::string_view, 2> kFeetWords{"lock", "free"};
inline constexpr Option kRetargetOnto{.name = "retarget_onto",
                                      .flag = "--onto",
                                      .commands = kRetarget,
                                      .type = ValueType::Text,
                                      .help = "the skeleton to put the motion on (required)",
                                      .placeholder = "TARGET"};
inline constexpr Option kRetargetMap{
    .name = "retarget_map",
    .flag = "--map",
    .commands = kRetarget,
    .type = ValueType::Text,
    .help = "`TARGET SOURCE` lines that override the automatic matches (- as SOURCE: none; "
            "\"quoted names\" may hold spaces, \\\" a quote; # starts a comment); a name "
            "that is no joint is FILE:LINE:COL: error",
    .placeholder = "FILE"};
inline constexpr Option kRetargetFeet{
    .name = "retarget_feet",
    .flag = "--feet",
    .commands = kRetarget,
    .type = ValueType::Choice,
    .defaultValue = "lock",
    .help = "lock: where a source foot is planted (the foot-contact analysis), the target's leg "
            "bends to keep its foot in place, blended in and out over 0.1 s at the contact's "
            "ends; free: every joint only follows its source joint",
    .choices = kFeetWords,
    .placeholder = "lock|free"};
inline constexpr Option kRetargetPrintMap{
    .name = "retarget_print_map",
    .flag = "--print-map",
    .commands = kRetarget,
    .defaultValue = "false",
    .help = "print the map used, as a --map file: each target joint, its source joint and, "
            "as a # comment, the role matched (-o may then be left out)"};

// [SECTION] Live streams served and recorded (`bvhscope serve`, `bvhscope record`, issue 41):
// command-line only, no settings.ini key.

inline constexpr std::array<std::string_view, 5> kServeFormatWords{"axis", "lines", "bvh", "vmc",
                                                                   "mocopi"};
inline constexpr std::array<std::string_view, 3> kLineEndWords{"lf", "crlf", "cr"};
inline constexpr std::array<std::string_view, 4> kRecordFormatWords{"auto", "axis", "lines", "bvh"};
// The frame rates a BVH file holds (1 / kLongestFrameTime .. 1 / kShortestFrameTime): a take
// recorded at any rate outside reads back as an assumed 30 fps.
inline constexpr double kLeastStreamRate = 1.0 / 3600.0;
inline constexpr double kMostStreamRate = 1000000.0;
inline constexpr Option kServePort{.name = "serve_port",
                                   .flag = "--port",
                                   .commands = kServe,
                                   .type = ValueType::Integer,
                                   .minimum = 0.0,
                                   .maximum = 65535.0,
                                   .defaultValue = "7001",
                                   .help =
                                       "the TCP port (7001 is Axis Neuron's); 0 for any free one",
                                   .placeholder = "P"};
inline constexpr Option kServeBind{
    .name = "serve_bind",
    .flag = "--bind",
    .commands = kServe,
    .type = ValueType::Text,
    .defaultValue = "127.0.0.1",
    .help = "the address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 or :: for every "
            "network",
    .placeholder = "ADDR"};
inline constexpr Option kServeFormat{
    .name = "serve_format",
    .flag = "--format",
    .commands = kServe,
    .type = ValueType::Choice,
    .defaultValue = "bvh",
    .help =
        "axis: Axis Neuron's broadcast, \"0 NAME v1 ... vN ||\" with NUL bytes and CR LF as its "
        "senders write them; lines: one row per line; bvh: the file's header (to every client "
        "when it connects), then one row per line; vmc, mocopi: UDP datagrams to --to, as "
        "those devices send them",
    .choices = kServeFormatWords,
    .placeholder = "axis|lines|bvh|vmc|mocopi"};
inline constexpr Option kServeRate{.name = "serve_rate",
                                   .flag = "--rate",
                                   .commands = kServe,
                                   .type = ValueType::Number,
                                   .minimum = kLeastStreamRate,
                                   .maximum = kMostStreamRate,
                                   .unit = "frames a second",
                                   .help = "the rate frames go out at, instead of the file's (the "
                                           "header sent keeps the file's Frame Time)",
                                   .placeholder = "HZ"};
inline constexpr Option kServeLoop{
    .name = "serve_loop",
    .flag = "--loop",
    .commands = kServe,
    .defaultValue = "false",
    .help = "start again at the first frame after the last, until stopped"};
inline constexpr Option kServeLineEnd{.name = "serve_line_end",
                                      .flag = "--line-end",
                                      .commands = kServe,
                                      .type = ValueType::Choice,
                                      .help = "how lines end: CR LF for axis, LF otherwise by "
                                              "default",
                                      .choices = kLineEndWords,
                                      .placeholder = "lf|crlf|cr"};
inline constexpr Option kServeMaxClients{.name = "serve_max_clients",
                                         .flag = "--max-clients",
                                         .commands = kServe,
                                         .type = ValueType::Integer,
                                         .minimum = 1.0,
                                         .maximum = 1000.0,
                                         .defaultValue = "64",
                                         .help = "clients at once; more are refused",
                                         .placeholder = "N"};
inline constexpr Option kServeTo{
    .name = "serve_to",
    .flag = "--to",
    .commands = kServe,
    .type = ValueType::Text,
    .help = "vmc and mocopi: where the datagrams go; 127.0.0.1:39539 (vmc) or 127.0.0.1:12351 "
            "(mocopi) by default",
    .placeholder = "HOST:PORT"};
inline constexpr Option kRecordOutput{
    .name = "record_output",
    .flag = "--output",
    .commands = kRecord,
    .type = ValueType::Text,
    .help = "the take; an existing file is kept unless --overwrite, and only a regular file is "
            "ever written over (never a directory, a device, a FIFO or a socket)",
    .placeholder = "OUT.bvh"};
inline constexpr Option kRecordSkeleton{
    .name = "record_skeleton",
    .flag = "--skeleton",
    .commands = kRecord,
    .type = ValueType::Text,
    .help = "a BVH file whose channels the stream's values follow (its frames are not used): "
            "needed for lines, optional for axis (else the built-in 59-joint Axis Neuron "
            "skeleton, with or without displacement, chosen by the value count), ignored for bvh "
            "(the stream sends its header)",
    .placeholder = "FILE"};
inline constexpr Option kRecordFormat{
    .name = "record_format",
    .flag = "--format",
    .commands = kRecord,
    .type = ValueType::Choice,
    .defaultValue = "auto",
    .help = "the stream's format; auto chooses from its first line that is a header keyword or "
            "data, skipping up to 8 lines before it (a banner)",
    .choices = kRecordFormatWords,
    .placeholder = "auto|axis|lines|bvh"};
inline constexpr Option kRecordRate{
    .name = "record_rate",
    .flag = "--rate",
    .commands = kRecord,
    .type = ValueType::Number,
    .minimum = kLeastStreamRate,
    .maximum = kMostStreamRate,
    .unit = "frames a second",
    .help = "the rate the sender should send at: a warning when frames come more than 5 % off "
            "it. Axis and lines streams do not say their rate: their takes have the rate the "
            "frames arrive at (the median interval over the last 4 s), and this one (else the "
            "--skeleton file's, else 120) only until enough frames came to measure it",
    .placeholder = "HZ"};
inline constexpr Option kRecordDuration{.name = "record_duration",
                                        .flag = "--duration",
                                        .commands = kRecord,
                                        .type = ValueType::Number,
                                        .minimum = 0.001,
                                        .maximum = 31622400.0,
                                        .unit = "seconds",
                                        .help = "stop after SEC seconds (from the start of the "
                                                "command)",
                                        .placeholder = "SEC"};
inline constexpr Option kRecordFrames{.name = "record_frames",
                                      .flag = "--frames",
                                      .commands = kRecord,
                                      .type = ValueType::Integer,
                                      .minimum = 1.0,
                                      .maximum = 4294967295.0,
                                      .help = "stop after N frames (a take holds 4294967295 at "
                                              "most)",
                                      .placeholder = "N"};
inline constexpr Option kRecordSplit{.name = "record_split",
                                     .flag = "--split",
                                     .commands = kRecord,
                                     .defaultValue = "false",
                                     .help = "a new file for each connection after the first"};
inline constexpr Option kRecordOverwrite{.name = "record_overwrite",
                                         .flag = "--overwrite",
                                         .commands = kRecord,
                                         .defaultValue = "false",
                                         .help = "replace an existing OUT.bvh once the take ends"};

// [SECTION] The file tools (`convert`, `positions`, `info`, `check`, `thumbnail`, `similar`):
// command-line only, no settings.ini key. A flag two tools share with one meaning is one entry
// with both bits (--frames, --unit, --translation, --json, --bones); one that means something
// else on another command line is its own entry (convert's --up is the axis to turn the clip
// to, render's the axis the file has; convert's --fps is a BVH Frame Time, render's a video's).

inline constexpr std::array<std::string_view, 3> kTranslationModeWords{"absolute", "additive",
                                                                       "auto"};
inline constexpr std::array<CommandWords, 1> kTranslationWordsOfConvert{
    {{kConvert, "absolute, additive or auto (default): how position channels combine with "
                "OFFSET; the output keeps that meaning"}}};
inline constexpr Option kTranslation{
    .name = "translation",
    .flag = "--translation",
    .commands = kConvert | kPositions | kInfo,
    .type = ValueType::Choice,
    .defaultValue = "auto",
    .help = "absolute, additive or auto (default): how position channels are read",
    .choices = kTranslationModeWords,
    .placeholder = "MODE",
    .helpByCommand = kTranslationWordsOfConvert};
inline constexpr std::array<CommandWords, 1> kJsonWordsOfSimilar{
    {{kSimilar, "one JSON object: {\"query\", \"takes\": [{\"path\", \"distance\"}], "
                "\"skipped\": [{\"path\", \"error\"}]}"}}};
inline constexpr Option kJson{
    .name = "json",
    .flag = "--json",
    .commands = kInfo | kSimilar,
    .defaultValue = "false",
    .help =
        "one JSON object per file (an array when several files are given): file, loaded, "
        "warnings and diagnostics always; when loaded, joints, end_sites, roots, channels, "
        "frames_present, frames_declared, frame_time, frame_time_assumed, fps, duration, "
        "rotation_orders, translation, translation_detected, up_axis, up_axis_source, "
        "rest_pose_up_axis, up_axis_motion_costs, anatomy_up_axis, facing, facing_source, "
        "ground_level, figure_height, figure_below_place_precision, ground_lift, static_roots, "
        "unit, rest_pose_unit, rest_height. figure_below_place_precision is true when the "
        "figure is 0 tall only because its size is below the precision of its place (every "
        "joint lands on one point). null means unknown: frames_declared (no valid 'Frames:' "
        "count), "
        "up_axis_motion_costs (no motion to measure), anatomy_up_axis (no head or feet by name), "
        "facing (no front found); ground_level, figure_height and ground_lift when the figure's "
        "world positions are not finite (a warning says where). The reader keeps frame_time, "
        "fps, duration and rest_height finite: never null",
    .helpByCommand = kJsonWordsOfSimilar};

inline constexpr Option kConvertInPlace{
    .name = "convert_in_place",
    .flag = "--in-place",
    .commands = kConvert,
    .defaultValue = "false",
    .help = "remove the root's horizontal travel: its position along the two horizontal axes "
            "stays at frame 0's, its height is kept (horizontal means across the file's own up "
            "axis, see --from-up)"};
inline constexpr std::array<std::string_view, 2> kConvertUpWords{"y", "z"};
inline constexpr Option kConvertUp{
    .name = "convert_up",
    .flag = "--up",
    .commands = kConvert,
    .type = ValueType::Choice,
    .help = "re-express the clip with Y or Z up: every world position is rotated, each joint "
            "keeps its rotation order. Y-up to Z-up is a quarter turn about X: a figure facing +Z "
            "then faces -Y, its left hand stays on +X. Character Studio Biped reads BVH files "
            "Y-up (seed 001's example): a Z-up file facing -Y needs --up y",
    .choices = kConvertUpWords,
    .placeholder = "y|z"};
inline constexpr std::array<std::string_view, 6> kConvertFromUpWords{"y",  "z", "-y",
                                                                     "-z", "x", "-x"};
inline constexpr Option kConvertFromUp{
    .name = "convert_from_up",
    .flag = "--from-up",
    .commands = kConvert,
    .type = ValueType::Choice,
    .help = "the file's current up axis (y, z, -y, -z, x, -x) for --in-place and --up; default: "
            "decided from the motion (as `bvhscope info` shows)",
    .choices = kConvertFromUpWords,
    .placeholder = "AXIS"};
inline constexpr Option kConvertGround{
    .name = "convert_ground",
    .flag = "--ground",
    .commands = kConvert,
    .defaultValue = "false",
    .help = "move the root along up so the figure's contact level over the clip is the ground "
            "(0), as the viewer shows a sunk or floating capture; without it the file's values "
            "are kept"};
// The top only keeps a typo's exponent out (a double's range, not the float's: the conversion
// itself refuses, naming the first value, a scale that takes a value out of the float range).
inline constexpr Option kConvertScale{
    .name = "convert_scale",
    .flag = "--scale",
    .commands = kConvert,
    .type = ValueType::Number,
    .minimum = 0.0,
    .maximum = 1e300,
    .unit = "times",
    .help = "multiply every offset and position channel by S (0.01: cm to m); refused when a "
            "value would leave the float range or a value other than 0 would become 0",
    .placeholder = "S",
    .minimumExcluded = true};
inline constexpr Option kConvertRotationOrder{
    .name = "convert_rotation_order",
    .flag = "--rotation-order",
    .commands = kConvert,
    .type = ValueType::Text,
    .help = "rewrite the rotations of every three-axis joint in ORDER (ZXY, XYZ, ...), keeping "
            "each pose and each curve continuous",
    .placeholder = "ORDER"};
// The rates whose Frame Time (1 / rate) the reader accepts (core/model/motion.h: 1 microsecond
// to 1 hour), so the file written reads back at that rate (bvh::isWritableFrameRate).
inline constexpr Option kConvertFps{
    .name = "convert_fps",
    .flag = "--fps",
    .commands = kConvert,
    .type = ValueType::Rate,
    .minimum = 1.0 / 3600.0,
    .maximum = 1000000.0,
    .unit = "fps",
    .help = "resample to F frames per second over the same duration (slerp on rotations, lerp on "
            "positions): the Frame Times a BVH file holds, and at most 134217728 values (frames "
            "x channels, 512 MiB) written",
    .placeholder = "F"};
inline constexpr Option kConvertMnm{
    .name = "convert_mnm",
    .flag = "--mnm",
    .commands = kConvert,
    .type = ValueType::Text,
    .help = "rename joints with a Character Studio marker name file (.mnm): the file's names "
            "(right column) become Biped's (left column); joints with no entry are listed as a "
            "warning",
    .placeholder = "FILE"};
inline constexpr Option kConvertReverse{.name = "convert_reverse",
                                        .flag = "--reverse",
                                        .commands = kConvert,
                                        .defaultValue = "false",
                                        .help = "with --mnm: Biped's names become the file's"};
inline constexpr Option kConvertOverwrite{
    .name = "convert_overwrite",
    .flag = "--overwrite",
    .commands = kConvert,
    .defaultValue = "false",
    .help = "allow OUT to be IN (it is still replaced atomically); refused otherwise, and OUT is "
            "never the --mnm file. Not to be confused with --in-place, the root-motion change"};
inline constexpr std::array<std::string_view, 2> kInterpolationWords{"linear", "step"};
inline constexpr Option kConvertInterpolation{.name = "convert_interpolation",
                                              .flag = "--interpolation",
                                              .commands = kConvert,
                                              .type = ValueType::Choice,
                                              .defaultValue = "linear",
                                              .help =
                                                  "glTF: how players go from one frame to the next",
                                              .choices = kInterpolationWords,
                                              .placeholder = "linear|step"};
inline constexpr Option kConvertBody{
    .name = "convert_body",
    .flag = "--body",
    .commands = kConvert,
    .defaultValue = "false",
    .help = "glTF: add the skeleton's body (the viewer's Body look, made from the rest pose) as a "
            "skinned mesh, so viewers that only draw meshes show a figure; a skeleton too large "
            "or without bones gets none (a warning)"};
// convert --body and render --bones body alike (tools/sweep_body.py, the torso shading test).
inline constexpr Option kBodyGridPhase{
    .name = "body_grid_phase",
    .flag = "--body-grid-phase",
    .commands = kConvert | kRender,
    .type = ValueType::Text,
    .defaultValue = "0,0,0",
    .help = "with convert's --body or render's --bones body, for tests and sweeps "
            "(tools/sweep_body.py --grid-phase): move the body's sampling grid by these shares "
            "of a cell along x, y and z, to show the body does not depend on where its samples "
            "fall",
    .placeholder = "X,Y,Z"};

inline constexpr Option kCheckQuiet{.name = "check_quiet",
                                    .flag = "--quiet",
                                    .commands = kCheck,
                                    .defaultValue = "false",
                                    .help = "print only errors and the summary"};
inline constexpr Option kCheckBiped{
    .name = "check_biped",
    .flag = "--biped",
    .commands = kCheck,
    .defaultValue = "false",
    .help = "instead, report whether each file fits Character Studio Biped's BVH import: its "
            "required hierarchy (missing, misplaced, extra joints) and its neutral pose in the "
            "file's axes (+Y up, facing +Z, left on +X, as seed 001's example; 3ds Max shows it "
            "+Z up, facing -Y); exit status 1 when a file does not fit"};

// The freedesktop thumbnail spec's largest size (xx-large) is the top.
inline constexpr Option kThumbnailSize{.name = "thumbnail_size",
                                       .flag = "--size",
                                       .commands = kThumbnail,
                                       .type = ValueType::Integer,
                                       .minimum = 16,
                                       .maximum = 1024,
                                       .defaultValue = "256",
                                       .unit = "pixels",
                                       .help = "the image's side",
                                       .placeholder = "N",
                                       .alias = "-s"};
inline constexpr Option kThumbnailTimeout{
    .name = "thumbnail_timeout",
    .flag = "--timeout",
    .commands = kThumbnail,
    .type = ValueType::Number,
    .minimum = 0.0,
    .maximum = 3600.0,
    .defaultValue = "20",
    .unit = "seconds",
    .help = "give up after this long: exit 1 and no image, unless the image is already being "
            "written (up to 5 s more) or in place (exit 0)",
    .placeholder = "SECONDS",
    .minimumExcluded = true};

// The top is a sanity bound (a million takes); a larger --top than the library prints all.
inline constexpr Option kSimilarTop{.name = "similar_top",
                                    .flag = "--top",
                                    .commands = kSimilar,
                                    .type = ValueType::Integer,
                                    .minimum = 1,
                                    .maximum = 1000000,
                                    .unit = "takes",
                                    .help = "print only the N nearest takes",
                                    .placeholder = "N"};
inline constexpr Option kSimilarNoCache{.name = "similar_no_cache",
                                        .flag = "--no-cache",
                                        .commands = kSimilar,
                                        .defaultValue = "false",
                                        .help = "neither read nor write the cache"};

// [SECTION] The table

// Every option above, in the order settings.ini writes its keys and `bvhscope options` lists
// them.
inline constexpr auto kAllOptions = std::to_array<const Option*>({
    &kBoneStyle,
    &kBoneThickness,
    &kShowJoints,
    &kShowGrid,
    &kShowShadow,
    &kShowFileLabels,
    &kJointNames,
    &kJointAxes,
    &kStaticRootLinksHidden,
    &kSeveralFiguresInPlace,
    &kBackgroundColor,
    &kSelectionColor,
    &kMsaaSamples,
    &kPlaybackSpeed,
    &kLoop,
    &kInterpolate,
    &kPlayOnOpen,
    &kFieldOfView,
    &kOrbitSensitivity,
    &kInvertZoom,
    &kFollowSelection,
    &kFrameOnLoad,
    &kShowCurves,
    &kShowTrails,
    &kTrailFrames,
    &kShowGhosts,
    &kGhostCount,
    &kGhostStep,
    &kGhostOpacity,
    &kShowFootContacts,
    &kFootSlideSpeed,
    &kUpAxis,
    &kUnit,
    &kWindowWidth,
    &kWindowHeight,
    &kDockLeftWidth,
    &kDockRightWidth,
    &kDockBottomHeight,
    &kDockLeftCollapsed,
    &kDockRightCollapsed,
    &kLiveHost,
    &kLivePort,
    &kLiveFormat,
    &kLiveSkeleton,
    &kLiveWindowSeconds,
    &kLiveRecordFolder,
    &kExportFolderBvh,
    &kExportFolderGltf,
    &kExportFolderVideo,
    &kExportFolderPicture,
    &kBrowserView,
    &kBrowserCellSize,
    &kWindowSize,
    &kYaw,
    &kPitch,
    &kCamera,
    &kTrailJoint,
    &kFrame,
    &kFrames,
    &kImageSize,
    &kNoOverlay,
    &kLayout,
    &kTile,
    &kColumns,
    &kCrf,
    &kFps,
    &kAudio,
    &kAudioOffset,
    &kRetargetOnto,
    &kRetargetMap,
    &kRetargetFeet,
    &kRetargetPrintMap,
    &kServePort,
    &kServeBind,
    &kServeFormat,
    &kServeRate,
    &kServeLoop,
    &kServeLineEnd,
    &kServeMaxClients,
    &kServeTo,
    &kRecordOutput,
    &kRecordSkeleton,
    &kRecordFormat,
    &kRecordRate,
    &kRecordDuration,
    &kRecordFrames,
    &kRecordSplit,
    &kRecordOverwrite,
    &kTranslation,
    &kJson,
    &kConvertInPlace,
    &kConvertUp,
    &kConvertFromUp,
    &kConvertGround,
    &kConvertScale,
    &kConvertRotationOrder,
    &kConvertFps,
    &kConvertMnm,
    &kConvertReverse,
    &kConvertOverwrite,
    &kConvertInterpolation,
    &kConvertBody,
    &kBodyGridPhase,
    &kCheckQuiet,
    &kCheckBiped,
    &kThumbnailSize,
    &kThumbnailTimeout,
    &kSimilarTop,
    &kSimilarNoCache,
});

// The option with this settings.ini key, flag (of a command) or name; nullptr when none.
const Option* optionWithKey(std::string_view key);
const Option* optionWithFlag(std::string_view flag, CommandMask command);

// [SECTION] Words about an option

// What `command`'s --help says the option does: its helpByCommand words for that command, else
// `help`.
std::string_view helpFor(const Option& option, CommandMask command);
// The option's flag, and its alias before it when it has one: "-s, --size".
std::string flagNames(const Option& option);
// "linear or step", "auto, mm, cm, m or inch": the choices as a refusal lists them.
std::string choiceList(const Option& option);
// A choice's refusal: "--interpolation must be linear or step, not 'cubic'".
std::string choiceRefusal(const Option& option, std::string_view given);

// "integer", "number", "boolean", "choice", "text", "colour", "size", "rate", "frame",
// "frame range".
std::string_view typeName(ValueType type);
// A number as the table and its messages write it: "150", "0.35", "-3600".
std::string numberText(double value);
// A rate as users write it: below one a second as a fraction ("1/600"), else as numberText.
std::string rateText(double value);
// "from 5 to 150" ("from 1/600 to 1000" for a rate; "from 0" without a top; "more than 0" and
// "more than 0, up to 3600" where the minimum is excluded); "" without a range.
std::string rangeNumbers(const Option& option);
// rangeNumbers and the unit: "from 5 to 150 degrees" (the unit left out when there is none).
std::string rangeText(const Option& option);
// Whether `value` is within the option's range (no range: every value).
bool inRange(const Option& option, double value);
// The command line's refusal of an out-of-range or unreadable value:
// "--fov must be from 5 to 150 degrees, not '151'".
std::string refusal(const Option& option, std::string_view given);
// What render must be asked for before it takes the option, for its refusal and the JSON:
// "video outputs (-o NAME.mp4, .webm or .gif)", "--contact-sheet"; "" when nothing.
std::string_view renderNeedText(RenderNeed need);

} // namespace bvhscope::options
