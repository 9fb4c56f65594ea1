// `bvhscope render --help`: the prose written here, every option's entry from the options table
// (app/options/option_table.h), so its ranges and defaults are the ones the parser checks.
#include "app/headless/render_request.h"
#include "app/options/option_help.h"

#include <string>
#include <vector>

namespace bvhscope::headless {

namespace {

constexpr std::string_view kRenderUsage =
    R"(usage: bvhscope render FILE... -o OUT.png [--frame N] [options]
       bvhscope render FILE... --frames A:B -o out_%05d.png [options]
       bvhscope render FILE... -o clip.mp4|clip.webm|clip.gif [--frames A:B] [--audio SOUND]
       bvhscope render --contact-sheet DIR -o sheet.png [--frame N] [--columns C] [--tile WxH]

Draws the 3D view of FILE (no panels) the way the viewer shows it on load, without a window or
a display: capsule bones (or --bones), joints, ground grid, contact shadow, 4x MSAA, the figure
framed and standing on the ground.
On Linux it works with no X server (EGL: Mesa's surfaceless platform, else an EGL device such
as NVIDIA's); on Windows it draws in a hidden window's OpenGL context.
Images are PNG, written to a temporary file and renamed into place; never over an input (a
FILE, the sound of --audio). Several FILEs are drawn together, side by side as the viewer places
them (or with --layout overlaid), timed by the first file's frames.

  -o, --output NAME      the image; for --frames a pattern with one integer conversion, e.g.
                         out_%05d.png (%d, %i, %u with optional 0 flag and width; %% is '%')
)";

constexpr std::string_view kVideoProse =
    R"(Video (-o NAME.mp4, .webm or .gif: the whole clip unless --frames says otherwise):
  MP4 is H.264 (yuv420p, index at the front) with AAC sound; WebM is VP9 with Opus sound; GIF
  has one 256-colour palette and no sound. Written through a temporary file; Ctrl+C leaves
  nothing behind. MP4 and WebM need even --size sides. A GIF plays at most 50 fps: a faster
  capture keeps every 2nd, 3rd... frame. A video holds at most 1000000 pictures, a sequence at
  most 1000000 images.
)";

constexpr std::string_view kSheetProse = R"(Contact sheet:
  --contact-sheet DIR    one tile per .bvh file in DIR (sorted by name), each labelled; a file
                         that does not load gets a tile saying so and its FILE:LINE:COL errors
                         on stderr; the sheet is still written
)";

constexpr std::string_view kExitStatus = R"(  --help, --version
Exit status: 0 when every image is written, 1 when a file does not load (a contact sheet is
still written), an image cannot be written or no OpenGL context can be made, 2 for a bad
command line.
)";

// The table's entries for these render flags, in this order.
std::string entries(std::initializer_list<std::string_view> flags) {
    return options::helpEntries(options::kRender, flags);
}

std::string composeRenderHelp() {
    std::string help(kRenderUsage);
    help += entries({"--frame", "--frames", "--size", "--no-overlay", "--bones", "--camera",
                     "--yaw", "--pitch", "--fov", "--up", "--unit"});
    help += "Analysis overlays (as in the viewer's Settings > Overlays):\n";
    help += entries({"--trail", "--trail-joint", "--trail-frames", "--ghosts", "--ghost-step",
                     "--contacts", "--layout"});
    help += kVideoProse;
    help += entries({"--fps", "--crf", "--audio", "--audio-offset"});
    help += kSheetProse;
    help += entries({"--columns", "--tile"});
    // Every render option of the table not listed above, so that a new one is in the help as
    // soon as it is in the table.
    if (const std::string more = options::unlistedHelpEntries(options::kRender, help);
        !more.empty()) {
        help += "More options:\n" + more;
    }
    help += kExitStatus;
    return help;
}

} // namespace

std::string_view renderHelp() {
    static const std::string kHelp = composeRenderHelp();
    return kHelp;
}

} // namespace bvhscope::headless
