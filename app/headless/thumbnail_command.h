// `bvhscope thumbnail`: the freedesktop thumbnailer (data/bvhscope.thumbnailer runs
// `bvhscope thumbnail --size %s %u %o`). Draws a file's representative pose (its middle frame,
// as the viewer's folder Browser does) upright and framed, on a transparent background, into a
// square RGBA PNG, without a window (render/gl/headless_context.h).
//
// A file that does not load gets no image and exit status 1, with its FILE:LINE:COL
// diagnostics on stderr; a watchdog ends the process after --timeout seconds, so a file manager
// never waits on a hung thumbnail: with status 1 and no image and no temporary file, or, when
// the PNG is already in place, with status 0 (app/headless/thumbnail_watchdog.h). Any input is
// read within a memory bound (app/folder/folder_summaries.h, summarizeFileForThumbnail: a
// hierarchy beyond it refused, a long motion sampled, a huge skeleton drawn as a simplified
// figure), and a figure that would cover the picture many times over is drawn with lines
// (thumbnailDrawOptions).
#pragma once

#include "app/options/option_table.h"
#include "render/math/skeleton_instances.h"

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::headless {

// The options table's --size range (the spec's largest, xx-large, is the top).
inline constexpr int kMaxThumbnailSize = static_cast<int>(*options::kThumbnailSize.maximum);
inline constexpr int kDefaultThumbnailSize = 256;
inline constexpr double kDefaultThumbnailTimeoutSeconds = 20.0;

struct ThumbnailRequest {
    std::string input; // a local path (a file:// URI already decoded)
    std::string output;
    int size = kDefaultThumbnailSize;
    double timeoutSeconds = kDefaultThumbnailTimeoutSeconds;
    // --bones: capsules (default), lines, octahedral or body (built before drawing; capsules,
    // with the reason on stderr, where none can be made).
    render::BoneStyle boneStyle = render::BoneStyle::Capsule;
};

// The local path a thumbnailer argument names: a path as it is, or a file:// URI
// ("file:///a%20b.bvh", "file://localhost/a.bvh") percent-decoded. Nullopt for another scheme
// or a malformed escape.
std::optional<std::string> localPathFromArgument(std::string_view argument);

std::string_view thumbnailHelp();

struct ParsedThumbnail {
    std::optional<ThumbnailRequest> request;
    std::optional<int> exitCode; // set when nothing is to be drawn (usage error, --help)
};
ParsedThumbnail parseThumbnailArguments(std::span<const std::string_view> arguments,
                                        std::ostream& out, std::ostream& err);

// The arguments after "thumbnail". Returns 0 when the PNG was written, 1 when the file does not
// load, no OpenGL context can be made or the PNG cannot be written, 2 for a usage error (the
// watchdog ends the process itself, with 0 or 1, when the time runs out).
int runThumbnail(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);

} // namespace bvhscope::headless
