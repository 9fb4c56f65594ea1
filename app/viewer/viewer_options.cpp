#include "app/viewer/viewer_options.h"

#include <charconv>

namespace bvhscope::viewer {

namespace {

template <typename Integer>
bool parseInteger(std::string_view text, Integer& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

bool parseSize(std::string_view text, int& width, int& height) {
    const auto x = text.find_first_of("xX");
    return x != std::string_view::npos && parseInteger(text.substr(0, x), width) &&
           parseInteger(text.substr(x + 1), height) && width >= 64 && height >= 64 &&
           width <= 16384 && height <= 16384;
}

} // namespace

ParsedViewerOptions parseViewerOptions(std::span<const std::string_view> arguments) {
    ParsedViewerOptions parsed;
    ViewerOptions& options = parsed.options;
    bool onlyFiles = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        const std::string_view argument = arguments[i];
        if (onlyFiles || argument.empty() || argument.front() != '-' || argument == "-") {
            options.files.emplace_back(argument);
            continue;
        }
        if (argument == "--") {
            onlyFiles = true;
            continue;
        }
        const bool takesValue = argument == "--screenshot" || argument == "--frame" ||
                                argument == "--size" || argument == "--state-out";
        if (!takesValue) {
            parsed.error = "unknown option " + std::string(argument);
            return parsed;
        }
        if (i + 1 >= arguments.size()) {
            parsed.error = std::string(argument) + " needs a value";
            return parsed;
        }
        const std::string_view value = arguments[++i];
        if (argument == "--screenshot") {
            options.screenshot = std::string(value);
        } else if (argument == "--state-out") {
            options.stateOut = std::string(value);
        } else if (argument == "--frame") {
            std::int64_t frame = 0;
            if (!parseInteger(value, frame) || frame < 0) {
                parsed.error = "--frame needs a frame number >= 0, not " + std::string(value);
                return parsed;
            }
            options.frame = frame;
        } else {
            int width = 0;
            int height = 0;
            if (!parseSize(value, width, height)) {
                parsed.error = "--size needs WIDTHxHEIGHT (64 to 16384), not " + std::string(value);
                return parsed;
            }
            options.width = width;
            options.height = height;
        }
    }
    return parsed;
}

std::string_view viewerOptionsHelp() {
    return R"(
Viewer options:
  --screenshot OUT.png   render the window once the files are loaded, save it, and exit
  --frame N              open paused at frame N
  --size WxH             window size in pixels (default: the last size used)
  --state-out FILE       (for tests) write the viewer's state to FILE every frame

Mouse: left drag orbits, right/middle or Shift+left drag pans, wheel or Ctrl+left drag zooms,
click selects a joint. Keys: Space play/pause, Left/Right step, Home/End, J/K/L shuttle,
[ and ] mark the range, F frame all, R reset the camera. Drop .bvh files on the window to add them.
)";
}

} // namespace bvhscope::viewer
