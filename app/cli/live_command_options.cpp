#include "app/cli/live_command_options.h"

#include "app/options/option_help.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bvhscope::cli {

ArgumentSpec liveCommandArguments(options::CommandMask command) {
    ArgumentSpec spec;
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & command) == 0) {
            continue;
        }
        (option->type == options::ValueType::Boolean ? spec.flags : spec.valueOptions)
            .push_back(option->flag);
    }
    return spec;
}

std::string liveCommandHelpEntries(options::CommandMask command,
                                   std::initializer_list<std::string_view> flags,
                                   ShortFlag shortFlag) {
    std::string text;
    for (const std::string_view flag : flags) {
        const options::Option& option = *options::optionWithFlag(flag, command);
        text +=
            flag == shortFlag.flag && !flag.empty()
                ? options::helpEntry(std::string(shortFlag.shortForm) + ", " + std::string(flag) +
                                         " " + std::string(option.placeholder),
                                     option.help)
                : options::helpEntry(option);
    }
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & command) != 0 &&
            std::find(flags.begin(), flags.end(), option->flag) == flags.end()) {
            text += options::helpEntry(*option);
        }
    }
    return text;
}

std::string choicesInWords(const options::Option& option) {
    std::string text;
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        text += i == 0 ? "" : i + 1 == option.choices.size() ? " or " : ", ";
        text += option.choices[i];
    }
    return text;
}

bool isChoiceOf(const options::Option& option, std::string_view word) {
    return std::find(option.choices.begin(), option.choices.end(), word) != option.choices.end();
}

std::string readLiveOptionNumber(const ParsedArguments& parsed, const options::Option& option,
                                 double& value) {
    const auto text = parsed.option(option.flag);
    if (!text) {
        return {};
    }
    double read = 0.0;
    const auto [end, problem] = std::from_chars(text->data(), text->data() + text->size(), read);
    const bool whole = option.type != options::ValueType::Integer || read == std::floor(read);
    if (problem != std::errc{} || end != text->data() + text->size() || !std::isfinite(read) ||
        !whole || !options::inRange(option, read)) {
        return options::refusal(option, *text);
    }
    value = read;
    return {};
}

} // namespace bvhscope::cli
