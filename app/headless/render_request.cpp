#include "app/headless/render_request.h"

#include "app/cli/table_arguments.h"
#include "app/options/option_table.h"
#include "app/scene/bone_style_names.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <vector>

namespace bvhscope::headless {

namespace {

// Reports one usage error the way every subcommand does.
struct Usage {
    std::ostream& err;
    ParsedRender fail(const std::string& message) const {
        err << "bvhscope render: " << message << "\n(see bvhscope render --help)\n";
        return {std::nullopt, cli::kExitUsage};
    }
};

// [SECTION] Values from the options table (app/options/option_table.h)

using cli::readTableNumber;

// `option`'s "WxH", when given, with both sides in the table's range; the refusal, or empty.
std::string readTableSize(const cli::ParsedArguments& parsed, const options::Option& option,
                          int& width, int& height) {
    const auto text = parsed.option(option.flag);
    if (text && !parseSize(*text, static_cast<int>(*option.minimum),
                           static_cast<int>(*option.maximum), width, height)) {
        return std::string(option.flag) + " must be WxH (or N for a square) with sides " +
               options::rangeText(option) + ", not '" + std::string(*text) + "'";
    }
    return {};
}

// Where an option is refused because its mode is missing: what it takes there, from the table.
std::string rangeWhereNeeded(const options::Option& option) {
    const std::string range = options::rangeText(option);
    if (range.empty()) {
        return {};
    }
    return ", where " + std::string(option.flag) + " must be " +
           (option.type == options::ValueType::Size ? "WxH with sides " : "") + range;
}

// The options only a video takes (the table's RenderNeed::VideoOutput); the first one given,
// or nullptr.
const options::Option* videoOnlyOption(const cli::ParsedArguments& parsed) {
    for (const options::Option* option : options::kAllOptions) {
        if (option->renderNeeds == options::RenderNeed::VideoOutput &&
            parsed.option(option->flag)) {
            return option;
        }
    }
    return nullptr;
}

// --fps, --crf, --audio, --audio-offset and the size rule of 4:2:0 video; the error, or empty.
std::string parseVideoOptions(const cli::ParsedArguments& parsed, RenderRequest& request) {
    const media::VideoContainer container = request.container;
    if (const auto text = parsed.option("--fps")) {
        request.fps = media::parseFrameRate(*text);
        if (!request.fps) {
            return "--fps must be a rate from " + media::videoFrameRateRange() +
                   " (30, 29.97, 30000/1001), not '" + std::string(*text) + "'";
        }
    }
    if (const auto text = parsed.option("--crf")) {
        if (container == media::VideoContainer::Gif) {
            return "--crf is for MP4 and WebM: a GIF's quality is its 256-colour palette";
        }
        const int maximum = media::maximumCrf(container);
        if (!cli::parseWholeNumber(*text, request.crf) || request.crf < *options::kCrf.minimum ||
            request.crf > maximum) {
            return "--crf must be from " + options::numberText(*options::kCrf.minimum) + " to " +
                   std::to_string(maximum) + " for " +
                   std::string(media::containerName(container)) + ", not '" + std::string(*text) +
                   "'";
        }
    }
    if (const auto text = parsed.option("--audio")) {
        if (!media::containerHasSound(container)) {
            return "a GIF has no sound: --audio needs -o NAME.mp4 or NAME.webm";
        }
        if (text->empty()) {
            return "--audio needs a sound file or auto";
        }
        request.audio = std::string(*text);
    }
    if (const auto text = parsed.option("--audio-offset")) {
        if (!parsed.option("--audio")) {
            return "--audio-offset needs --audio";
        }
        if (!cli::parseWholeNumber(*text, request.audioOffsetSeconds) ||
            !options::inRange(options::kAudioOffset, request.audioOffsetSeconds)) {
            return "--audio-offset must be seconds " +
                   options::rangeNumbers(options::kAudioOffset) + " (within a day), not '" +
                   std::string(*text) + "'";
        }
    }
    return {};
}

// The arguments after "render" against the options it takes, "-o" read as "--output"; nullopt
// after cli::parseArguments wrote the error (an unknown option, a missing value) to `err`.
std::optional<cli::ParsedArguments> parseOptions(std::span<const std::string_view> arguments,
                                                 std::ostream& err) {
    std::vector<std::string_view> normalized(arguments.begin(), arguments.end());
    for (std::string_view& argument : normalized) {
        if (argument == "-o") {
            argument = "--output";
        }
    }
    // The table's render options, and the two that name files rather than set an option.
    return cli::parseArguments(
        normalized, cli::tableArgumentSpec(options::kRender, {"--output", "--contact-sheet"}), err);
}

// Each read* function below takes its options from `parsed` into `request` and returns the usage
// error, or empty. parseRenderArguments runs them in the order they are written here: each may
// rely on what those before it decided (the mode, the output name, the container).

// [SECTION] What to draw

// FILE... or --contact-sheet DIR (which sets the mode), then -o.
std::string readInputsAndOutput(const cli::ParsedArguments& parsed, RenderRequest& request) {
    if (const auto sheet = parsed.option("--contact-sheet")) {
        request.mode = RenderMode::ContactSheet;
        request.input = std::string(*sheet);
        if (!parsed.positional.empty()) {
            return "--contact-sheet takes a folder, not FILE arguments";
        }
        if (parsed.option("--frames")) {
            return "--frames makes a sequence; a contact sheet takes --frame";
        }
    } else {
        if (parsed.positional.empty()) {
            return "a FILE to render is needed";
        }
        request.input = parsed.positional.front();
        request.comparedInputs.assign(parsed.positional.begin() + 1, parsed.positional.end());
        for (const options::Option* option : {&options::kColumns, &options::kTile}) {
            if (parsed.option(option->flag)) {
                return "--columns and --tile are for --contact-sheet" + rangeWhereNeeded(*option);
            }
        }
    }
    const auto output = parsed.option("--output");
    if (!output) {
        return "the output is needed: -o OUT.png";
    }
    request.output = std::string(*output);
    return {};
}

// --frame N, or --frames A:B, which makes a sequence.
std::string readFrames(const cli::ParsedArguments& parsed, RenderRequest& request) {
    if (const auto text = parsed.option("--frame")) {
        if (!cli::parseWholeNumber(*text, request.frame) || request.frame < 0) {
            return "--frame must be a frame number >= 0, not '" + std::string(*text) + "'";
        }
        if (parsed.option("--frames")) {
            return "--frame and --frames cannot both be given";
        }
    }
    if (const auto text = parsed.option("--frames")) {
        const auto range = cli::parseFrameRange(*text);
        if (!range) {
            return "--frames must look like A:B, A:, :B or N with 0 <= A <= B, not '" +
                   std::string(*text) + "'";
        }
        request.mode = RenderMode::Sequence;
        request.firstFrame = range->first;
        request.lastFrame = range->last;
    }
    return {};
}

// [SECTION] The output name

// A video when -o has a video extension (a contact sheet stays a sheet), with the options only a
// video takes; those options are refused for any other output.
std::string readVideo(const cli::ParsedArguments& parsed, RenderRequest& request) {
    const auto container = media::videoContainerFor(request.output);
    if (container && request.mode != RenderMode::ContactSheet) {
        if (parsed.option("--frame")) {
            return "a video takes --frames A:B, not --frame";
        }
        request.mode = RenderMode::Video;
        request.container = *container;
        if (!parsed.option("--frames")) {
            request.firstFrame = 0;
            request.lastFrame = std::nullopt;
        }
        return parseVideoOptions(parsed, request);
    }
    if (const options::Option* option = videoOnlyOption(parsed)) {
        return std::string(option->flag) + " is for " +
               std::string(options::renderNeedText(option->renderNeeds)) +
               rangeWhereNeeded(*option);
    }
    return {};
}

// `name` with every '%' doubled, so that OutputPattern reads it as a plain name.
std::string withLiteralPercents(std::string_view name) {
    std::string literal;
    for (const char c : name) {
        literal += c;
        if (c == '%') {
            literal += '%';
        }
    }
    return literal;
}

// request.pattern from -o, as the mode reads it (after readVideo has settled the mode).
std::string readOutputPattern(RenderRequest& request) {
    std::string patternError;
    if (request.mode == RenderMode::Video) {
        // A video's name is taken as written: it is one file, not a numbered sequence.
        request.pattern = *OutputPattern::parse("video", patternError);
        return {};
    }
    if (request.mode == RenderMode::ContactSheet) {
        // The sheet's name is taken as written.
        auto pattern = OutputPattern::parse(withLiteralPercents(request.output), patternError);
        if (!pattern) {
            return patternError;
        }
        request.pattern = *pattern;
        return {};
    }
    auto pattern = OutputPattern::parse(request.output, patternError);
    if (!pattern) {
        return "-o " + request.output + ": " + patternError;
    }
    request.pattern = *pattern;
    const bool oneImage = request.mode == RenderMode::Image ||
                          (request.lastFrame && *request.lastFrame == request.firstFrame);
    if (!oneImage && !request.pattern.numbered()) {
        return "-o " + request.output +
               " would be written once per frame: a sequence needs a frame "
               "number conversion such as out_%05d.png";
    }
    return {};
}

// -o: whether it is a video (and that video's options), then its name or pattern.
std::string readOutputName(const cli::ParsedArguments& parsed, RenderRequest& request) {
    if (const std::string error = readVideo(parsed, request); !error.empty()) {
        return error;
    }
    return readOutputPattern(request);
}

// [SECTION] Sizes

// --size (not for a contact sheet) and the even sides 4:2:0 video needs; --tile and --columns.
std::string readSizes(const cli::ParsedArguments& parsed, RenderRequest& request) {
    if (parsed.option("--size") && request.mode == RenderMode::ContactSheet) {
        return "a contact sheet's size comes from --tile and --columns";
    }
    if (std::string error =
            readTableSize(parsed, options::kImageSize, request.width, request.height);
        !error.empty()) {
        return error;
    }
    if (request.mode == RenderMode::Video && request.container != media::VideoContainer::Gif &&
        (request.width % 2 != 0 || request.height % 2 != 0)) {
        return std::string(media::containerName(request.container)) +
               " needs even sides (4:2:0 colour), not " + std::to_string(request.width) + "x" +
               std::to_string(request.height);
    }
    if (std::string error =
            readTableSize(parsed, options::kTile, request.tileWidth, request.tileHeight);
        !error.empty()) {
        return error;
    }
    return readTableNumber(parsed, options::kColumns, request.columns);
}

// [SECTION] Look and camera

// --no-overlay, --camera, and the view angles --yaw, --pitch and --fov (given in degrees).
std::string readCamera(const cli::ParsedArguments& parsed, RenderRequest& request) {
    request.frameOverlay = !parsed.has("--no-overlay");
    if (const auto text = parsed.option("--camera")) {
        if (*text == "clip" || *text == "fixed") {
            request.camera = CameraMode::Clip;
        } else if (*text == "follow") {
            request.camera = CameraMode::Follow;
        } else if (*text == "figure") {
            request.camera = CameraMode::Figure;
        } else {
            return "--camera must be figure, clip (or fixed) or follow, not '" +
                   std::string(*text) + "'";
        }
    }
    const struct {
        const options::Option& option;
        float& radians;
    } angles[] = {{options::kYaw, request.yawRadians},
                  {options::kPitch, request.pitchRadians},
                  {options::kFieldOfView, request.fieldOfViewRadians}};
    for (const auto& angle : angles) {
        float degrees = angle.radians * 180.0f / 3.14159265358979f;
        if (std::string error = readTableNumber(parsed, angle.option, degrees); !error.empty()) {
            return error;
        }
        if (parsed.option(angle.option.flag)) {
            angle.radians = degrees * 3.14159265358979f / 180.0f;
        }
    }
    request.yawGiven = parsed.option("--yaw").has_value();
    return {};
}

// --up, in any letter case.
std::string readUpAxis(const cli::ParsedArguments& parsed, RenderRequest& request) {
    const auto text = parsed.option("--up");
    if (!text) {
        return {};
    }
    const struct {
        std::string_view name;
        scene::UpAxisChoice axis;
    } axes[] = {{"auto", scene::UpAxisChoice::Auto},    {"x", scene::UpAxisChoice::PositiveX},
                {"+x", scene::UpAxisChoice::PositiveX}, {"-x", scene::UpAxisChoice::NegativeX},
                {"y", scene::UpAxisChoice::PositiveY},  {"+y", scene::UpAxisChoice::PositiveY},
                {"-y", scene::UpAxisChoice::NegativeY}, {"z", scene::UpAxisChoice::PositiveZ},
                {"+z", scene::UpAxisChoice::PositiveZ}, {"-z", scene::UpAxisChoice::NegativeZ}};
    std::string lower(*text);
    for (char& c : lower) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    const auto found = std::ranges::find(axes, std::string_view(lower),
                                         [](const auto& entry) { return entry.name; });
    if (found == std::end(axes)) {
        return "--up must be auto, x, y, z, -x, -y or -z, not '" + std::string(*text) + "'";
    }
    request.upAxis = found->axis;
    return {};
}

// --unit.
std::string readUnit(const cli::ParsedArguments& parsed, RenderRequest& request) {
    const auto text = parsed.option("--unit");
    if (!text) {
        return {};
    }
    const struct {
        std::string_view name;
        scene::UnitChoice unit;
    } units[] = {{"auto", scene::UnitChoice::Auto},
                 {"mm", scene::UnitChoice::Millimetre},
                 {"cm", scene::UnitChoice::Centimetre},
                 {"m", scene::UnitChoice::Metre},
                 {"inch", scene::UnitChoice::Inch}};
    bool known = false;
    for (const auto& unit : units) {
        if (*text == unit.name) {
            request.unit = unit.unit;
            known = true;
        }
    }
    if (!known) {
        return "--unit must be auto, mm, cm, m or inch, not '" + std::string(*text) + "'";
    }
    return {};
}

// [SECTION] Analysis overlays

// --trail, --trail-joint (which implies --trail), --trail-frames, --ghosts, --ghost-step and
// --contacts.
std::string readOverlays(const cli::ParsedArguments& parsed, RenderRequest& request) {
    scene::OverlayOptions& overlays = request.overlays;
    overlays.trails = parsed.has("--trail");
    if (const auto text = parsed.option("--trail-joint")) {
        overlays.trails = true;
        overlays.trailJoint = std::string(*text);
        if (overlays.trailJoint.empty()) {
            return "--trail-joint needs a joint name";
        }
    }
    for (const auto& [option, value] :
         {std::pair<const options::Option&, int&>{options::kTrailFrames, overlays.trailFrames},
          {options::kGhostCount, overlays.ghostCount},
          {options::kGhostStep, overlays.ghostStep}}) {
        if (std::string error = readTableNumber(parsed, option, value); !error.empty()) {
            return error;
        }
    }
    overlays.ghosts = parsed.option("--ghosts").has_value();
    overlays.footContacts = parsed.has("--contacts");
    return {};
}

// --bones, and --body-grid-phase with it.
std::string readBones(const cli::ParsedArguments& parsed, RenderRequest& request) {
    if (const auto text = parsed.option("--bones")) {
        const std::optional<render::BoneStyle> style = scene::boneStyleNamed(*text);
        if (!style) {
            return "--bones must be " + std::string(scene::kBoneStyleChoices) + ", not '" +
                   std::string(*text) + "'";
        }
        request.boneStyle = *style;
    }
    if (std::string error = cli::readGridPhase(parsed, request.bodyGridPhase); !error.empty()) {
        return error;
    }
    if (parsed.option("--body-grid-phase") && request.boneStyle != render::BoneStyle::Body) {
        return "--body-grid-phase applies with --bones body only";
    }
    return {};
}

// --layout side|overlaid, for several FILEs.
std::string readLayout(const cli::ParsedArguments& parsed, RenderRequest& request) {
    if (const auto text = parsed.option("--layout")) {
        if (*text != "side" && *text != "overlaid") {
            return "--layout must be side or overlaid, not '" + std::string(*text) + "'";
        }
        request.overlaid = *text == "overlaid";
    }
    return {};
}

} // namespace

bool parseSize(std::string_view text, int minimum, int maximum, int& width, int& height) {
    // "WxH", or one number N for a square N x N picture.
    const auto x = text.find_first_of("xX");
    int w = 0;
    int h = 0;
    const bool read = x == std::string_view::npos
                          ? cli::parseWholeNumber(text, w) && cli::parseWholeNumber(text, h)
                          : cli::parseWholeNumber(text.substr(0, x), w) &&
                                cli::parseWholeNumber(text.substr(x + 1), h);
    if (!read || w < minimum || h < minimum || w > maximum || h > maximum) {
        return false;
    }
    width = w;
    height = h;
    return true;
}

ParsedRender parseRenderArguments(std::span<const std::string_view> arguments, std::ostream& out,
                                  std::ostream& err) {
    const auto parsed = parseOptions(arguments, err);
    if (!parsed) {
        err << "(see bvhscope render --help)\n";
        return {std::nullopt, cli::kExitUsage};
    }
    if (auto answered = cli::answerHelpOrVersion(*parsed, renderHelp(), out)) {
        return {std::nullopt, *answered};
    }
    // In the order written above; the first usage error is the one reported.
    using Reader = std::string (*)(const cli::ParsedArguments&, RenderRequest&);
    constexpr Reader kReaders[] = {readInputsAndOutput, readFrames, readOutputName, readSizes,
                                   readCamera,          readUpAxis, readUnit,       readOverlays,
                                   readLayout,          readBones};
    RenderRequest request;
    for (const Reader read : kReaders) {
        if (const std::string error = read(*parsed, request); !error.empty()) {
            return Usage{err}.fail(error);
        }
    }
    return {request, std::nullopt};
}

} // namespace bvhscope::headless
