// The viewer's command line: `bvhscope [FILE...] [--screenshot OUT.png] [--frame N]
// [--size WxH] [--state-out FILE]`. Subcommands, --help and --version are handled before this.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

struct ViewerOptions {
    std::vector<std::string> files;        // none: the bundled sample
    std::optional<std::string> screenshot; // render, save this PNG, exit
    std::optional<std::int64_t> frame;     // start paused at this frame
    std::optional<int> width;              // window size
    std::optional<int> height;
    std::optional<std::string> stateOut; // test hook: the viewer's state, rewritten each frame
};

struct ParsedViewerOptions {
    ViewerOptions options;
    std::string error; // non-empty: a usage error to print
};

ParsedViewerOptions parseViewerOptions(std::span<const std::string_view> arguments);

// The viewer's part of --help.
std::string_view viewerOptionsHelp();

} // namespace bvhscope::viewer
