#include "app/cli/command_line.h"

#include "app/options/option_table.h"

#include <algorithm>
#include <charconv>

namespace bvhscope::cli {

std::optional<std::string_view> ParsedArguments::option(std::string_view name) const {
    auto found = options.find(name);
    if (found == options.end()) {
        return std::nullopt;
    }
    return std::string_view(found->second);
}

std::optional<ParsedArguments> parseArguments(std::span<const std::string_view> arguments,
                                              const ArgumentSpec& spec, std::ostream& err) {
    ParsedArguments parsed;
    bool onlyPositional = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        std::string_view argument = arguments[i];
        if (onlyPositional || !argument.starts_with("--")) {
            parsed.positional.emplace_back(argument);
            continue;
        }
        if (argument == "--") {
            onlyPositional = true;
            continue;
        }
        std::string_view name = argument;
        std::optional<std::string_view> inlineValue;
        if (auto equals = argument.find('='); equals != std::string_view::npos) {
            name = argument.substr(0, equals);
            inlineValue = argument.substr(equals + 1);
        }
        if (name == "--help" || name == "--version" ||
            std::ranges::find(spec.flags, name) != spec.flags.end()) {
            if (inlineValue) {
                err << "option " << name << " takes no value\n";
                return std::nullopt;
            }
            parsed.flags.emplace(name);
            continue;
        }
        if (std::ranges::find(spec.valueOptions, name) != spec.valueOptions.end()) {
            if (!inlineValue) {
                if (i + 1 >= arguments.size()) {
                    err << "option " << name << " needs a value\n";
                    return std::nullopt;
                }
                inlineValue = arguments[++i];
            }
            // A second value would silently win over the first: say so instead.
            if (!parsed.options.emplace(std::string(name), std::string(*inlineValue)).second) {
                err << "option " << name << " is given twice\n";
                return std::nullopt;
            }
            continue;
        }
        err << "unknown option " << name << " (see --help)\n";
        return std::nullopt;
    }
    return parsed;
}

namespace {

bool parseInteger(std::string_view text, std::int64_t& value) {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc{} && end == text.data() + text.size();
}

} // namespace

std::optional<FrameRange> parseFrameRange(std::string_view text) {
    FrameRange range;
    auto colon = text.find(':');
    std::string_view first = text.substr(0, colon);
    if (!first.empty() && (!parseInteger(first, range.first) || range.first < 0)) {
        return std::nullopt;
    }
    if (colon == std::string_view::npos) {
        if (first.empty()) {
            return std::nullopt;
        }
        range.last = range.first;
        return range;
    }
    std::string_view last = text.substr(colon + 1);
    if (!last.empty()) {
        std::int64_t value = 0;
        if (!parseInteger(last, value) || value < range.first) {
            return std::nullopt;
        }
        range.last = value;
    }
    return range;
}

std::optional<FrameSpan> resolveFrameRange(const FrameRange& range, std::int64_t lastFrame,
                                           std::string_view asked, std::string_view clip,
                                           std::string& error) {
    const FrameSpan span{range.first, range.last.value_or(lastFrame)};
    if (span.first <= lastFrame && span.last <= lastFrame && span.first <= span.last) {
        return span;
    }
    const std::int64_t past = span.first > lastFrame ? span.first : span.last;
    error = std::string(asked) + " asks for frame " + std::to_string(past) + ", but " +
            std::string(clip) +
            (lastFrame < 0    ? " has no frames"
             : lastFrame == 0 ? " has only frame 0"
                              : " has frames 0 to " + std::to_string(lastFrame));
    return std::nullopt;
}

std::optional<bvh::TranslationMode> translationOption(const ParsedArguments& arguments,
                                                      std::ostream& err) {
    bvh::TranslationMode mode = bvh::TranslationMode::Auto;
    if (auto text = arguments.option("--translation")) {
        if (!bvh::parseTranslationMode(*text, mode)) {
            err << options::choiceRefusal(options::kTranslation, *text) << '\n';
            return std::nullopt;
        }
    }
    return mode;
}

std::string_view versionString() {
    return BVHSCOPE_VERSION;
}

std::optional<int> answerHelpOrVersion(const ParsedArguments& arguments, std::string_view help,
                                       std::ostream& out) {
    if (arguments.has("--help")) {
        out << help;
        return kExitOk;
    }
    if (arguments.has("--version")) {
        out << "bvhscope " << versionString() << '\n';
        return kExitOk;
    }
    return std::nullopt;
}

} // namespace bvhscope::cli
