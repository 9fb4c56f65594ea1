#include "app/cli/live_command_options.h"

#include "app/cli/table_arguments.h"
#include "app/options/option_help.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::cli {

ArgumentSpec liveCommandArguments(options::CommandMask command) {
    return tableArgumentSpec(command);
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
    return text + options::unlistedHelpEntries(command, text);
}

std::string choicesInWords(const options::Option& option) {
    return options::choiceList(option);
}

bool isChoiceOf(const options::Option& option, std::string_view word) {
    return std::find(option.choices.begin(), option.choices.end(), word) != option.choices.end();
}

std::string readLiveOptionNumber(const ParsedArguments& parsed, const options::Option& option,
                                 double& value) {
    double read = value;
    std::string refused = readTableNumber(parsed, option, read);
    if (refused.empty() && option.type == options::ValueType::Integer && read != std::floor(read)) {
        refused = options::refusal(option, *parsed.option(option.flag));
    }
    if (refused.empty()) {
        value = read;
    }
    return refused;
}

} // namespace bvhscope::cli
