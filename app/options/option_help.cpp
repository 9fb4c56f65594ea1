#include "app/options/option_help.h"

#include <cassert>
#include <sstream>
#include <vector>

namespace bvhscope::options {

namespace {

// Whether `word` is one of the placeholder's "a|b|c" words.
bool placeholderNames(std::string_view placeholder, std::string_view word) {
    std::size_t start = 0;
    while (start <= placeholder.size()) {
        const std::size_t bar = std::min(placeholder.find('|', start), placeholder.size());
        if (placeholder.substr(start, bar - start) == word) {
            return true;
        }
        start = bar + 1;
    }
    return false;
}

// The help (`command`'s words), the range and the default: what the option's entry says.
std::string describe(const Option& option, CommandMask command) {
    std::string text(helpFor(option, command));
    if (option.maximum) {
        text += "; " + rangeText(option);
    }
    // A choice's default is named only in the words the command line takes.
    const bool sayDefault = !option.defaultValue.empty() && option.type != ValueType::Boolean &&
                            (option.type != ValueType::Choice ||
                             placeholderNames(option.placeholder, option.defaultValue));
    if (sayDefault) {
        text += " (default " + std::string(option.defaultValue) + ")";
    }
    return text;
}

std::vector<std::string_view> wordsOf(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t space = std::min(text.find(' ', start), text.size());
        if (space > start) {
            words.push_back(text.substr(start, space - start));
        }
        start = space + 1;
    }
    return words;
}

} // namespace

std::string helpEntry(std::string_view names, std::string_view description) {
    const std::string indent(kHelpDescriptionColumn, ' ');
    std::string entry = "  " + std::string(names);
    if (entry.size() + 1 > kHelpDescriptionColumn) {
        entry += "\n" + indent;
    } else {
        entry.resize(kHelpDescriptionColumn, ' ');
    }
    std::size_t column = kHelpDescriptionColumn;
    bool first = true;
    for (const std::string_view word : wordsOf(description)) {
        if (!first && column + 1 + word.size() > kHelpWidth) {
            entry += "\n" + indent;
            column = kHelpDescriptionColumn;
            first = true;
        }
        if (!first) {
            entry += ' ';
            ++column;
        }
        entry += word;
        column += word.size();
        first = false;
    }
    return entry + "\n";
}

std::string helpEntry(const Option& option, CommandMask command) {
    std::string names = flagNames(option);
    if (!option.placeholder.empty()) {
        names += " " + std::string(option.placeholder);
    }
    return helpEntry(names, describe(option, command));
}

std::string helpEntries(CommandMask command, std::initializer_list<std::string_view> flags) {
    std::string text;
    for (const std::string_view flag : flags) {
        const Option* option = optionWithFlag(flag, command);
        assert(option != nullptr && "helpEntries: every flag listed is the command's in the table");
        text += helpEntry(*option, command);
    }
    return text;
}

std::string unlistedHelpEntries(CommandMask command, std::string_view listed) {
    std::string text;
    for (const Option* option : kAllOptions) {
        const std::string entry = "  " + flagNames(*option) + " ";
        const std::string alone = "  " + flagNames(*option) + "\n";
        if ((option->commands & command) != 0 && listed.find(entry) == std::string_view::npos &&
            listed.find(alone) == std::string_view::npos) {
            text += helpEntry(*option, command);
        }
    }
    return text;
}

} // namespace bvhscope::options
