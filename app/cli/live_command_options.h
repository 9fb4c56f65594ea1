// `serve`'s and `record`'s options from the options table (app/options/option_table.h): which
// flags each command takes, their --help entries and their values within the table's ranges, so
// that a range or a word is written once.
#pragma once

#include "app/cli/command_line.h"
#include "app/options/option_table.h"

#include <initializer_list>
#include <string>
#include <string_view>

namespace bvhscope::cli {

// The flags of `command` in the table: Boolean options take no value, every other one does.
ArgumentSpec liveCommandArguments(options::CommandMask command);

// A flag's short form, as --help names both: {"--output", "-o"}.
struct ShortFlag {
    std::string_view flag;
    std::string_view shortForm;
};

// The --help entries of `command`'s `flags`, in that order (each as options::helpEntry writes
// it; "-o, --output OUT.bvh" for a flag with a short form), then every other option of
// `command` in the table, so that a new one is in the help as soon as it is in the table.
std::string liveCommandHelpEntries(options::CommandMask command,
                                   std::initializer_list<std::string_view> flags,
                                   ShortFlag shortFlag = {});

// A Choice option's words as a sentence ends them: "lf, crlf or cr".
std::string choicesInWords(const options::Option& option);
// Whether `word` is one of a Choice option's words.
bool isChoiceOf(const options::Option& option, std::string_view word);

// `option`'s value, when given, into `value` if it is a number (an integer for Integer options)
// within the table's range; else the refusal naming the range ("--rate must be from ... to
// ..., not '0'"). "" when it was read or not given (`value` then left alone).
std::string readLiveOptionNumber(const ParsedArguments& parsed, const options::Option& option,
                                 double& value);

} // namespace bvhscope::cli
