// Every subcommand that takes its flags from the options table (app/cli/table_arguments.h), table
// driven: each numeric option accepts the top of its range and refuses one step past it (exit
// 2, the message naming the range), and each command's --help has each of its options' entries.
// In headless_tests because render's and thumbnail's parsers are bvhscope_headless's; the
// other subcommands are bvhscope_cli's, which it links too.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/convert_request.h"
#include "app/headless/render_request.h"
#include "app/headless/thumbnail_command.h"
#include "app/options/option_help.h"
#include "app/options/option_table.h"

#include <charconv>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

namespace bvhscope::cli {
namespace {

using options::CommandMask;
using options::Option;
using options::ValueType;

struct Outcome {
    int status = kExitOk;
    std::string err;
};

// A command's answer to `arguments`: kExitUsage with its message when the command line is
// refused, else the status of what it went on to do.
using CommandRun = Outcome (*)(const std::vector<std::string>&);

template <typename Parsed>
Outcome outcomeOf(Parsed (*parse)(std::span<const std::string_view>, std::ostream&, std::ostream&),
                  const std::vector<std::string>& arguments) {
    const std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    const Parsed parsed = parse(views, out, err);
    return {parsed.request ? kExitOk : parsed.exitCode.value_or(kExitUsage), err.str()};
}

Outcome runCommand(int (*command)(std::span<const std::string_view>, std::ostream&, std::ostream&),
                   const std::vector<std::string>& arguments) {
    const std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    const int status = command(views, out, err);
    return {status, err.str()};
}

// The shortest command line each command takes, then the option: nothing is read or drawn
// (render and thumbnail are only parsed; similar's TAKE does not exist, so it stops at exit 1
// once its command line is accepted).
std::vector<std::string> renderLine(const Option& option, std::string_view output) {
    if (option.renderNeeds == options::RenderNeed::ContactSheet) {
        return {"--contact-sheet", "takes", "-o", "sheet.png"};
    }
    if (option.renderNeeds == options::RenderNeed::VideoOutput) {
        return {"a.bvh", "-o", "clip." + std::string(output), "--audio", "auto"};
    }
    return {"a.bvh", "-o", "a.png"};
}

struct CommandLine {
    CommandMask command;
    std::vector<std::string> before; // what comes before the option
    CommandRun run;
};

const std::vector<CommandLine>& commandLines() {
    static const std::vector<CommandLine> kLines{
        {options::kConvert,
         {"in.bvh", "out.bvh"},
         [](const std::vector<std::string>& arguments) {
             return outcomeOf(parseConvertArguments, arguments);
         }},
        {options::kThumbnail,
         {"in.bvh", "out.png"},
         [](const std::vector<std::string>& arguments) {
             return outcomeOf(headless::parseThumbnailArguments, arguments);
         }},
        {options::kSimilar,
         {"no-such-take.bvh", "no-such-folder", "--no-cache"},
         [](const std::vector<std::string>& arguments) {
             return runCommand(runSimilar, arguments);
         }},
    };
    return kLines;
}

// A number as a command line takes it, exactly: "8192", "1000", "1e+300", "1.000001e+300".
std::string exactText(double value) {
    if (value == static_cast<double>(static_cast<long long>(value))) {
        return std::to_string(static_cast<long long>(value));
    }
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

// One step past `top`: a step, or a millionth where a step is lost in the number (1e300).
double pastTop(const Option& option, double top) {
    const double past = top + option.step;
    return past == top ? top * 1.000001 : past;
}

// The value as the option is written; a size's width is `value` and its height `top`.
std::string valueText(const Option& option, double value, double top) {
    const std::string text = exactText(value);
    return option.type == ValueType::Size ? text + "x" + exactText(top) : text;
}

// The tops the option has: one per output where it depends on it (--crf), else `maximum`.
std::vector<std::pair<std::string, double>> topsOf(const Option& option) {
    if (option.maximumByOutput.empty()) {
        return {{"mp4", *option.maximum}};
    }
    std::vector<std::pair<std::string, double>> tops;
    for (const options::OutputMaximum& each : option.maximumByOutput) {
        tops.emplace_back(std::string(each.output), each.maximum);
    }
    return tops;
}

bool isNumeric(const Option& option) {
    return option.type == ValueType::Integer || option.type == ValueType::Number ||
           option.type == ValueType::Size || option.type == ValueType::Rate;
}

// The refusal names the flag and both ends of the range as the table writes them.
void expectRefusalNamesRange(const Outcome& refused, const Option& option, double top,
                             const std::string& what) {
    EXPECT_EQ(refused.status, kExitUsage) << what;
    EXPECT_NE(refused.err.find(option.flag), std::string::npos) << what << refused.err;
    const auto textOf = option.type == ValueType::Rate ? options::rateText : options::numberText;
    EXPECT_NE(refused.err.find(textOf(*option.minimum)), std::string::npos) << what << refused.err;
    EXPECT_NE(refused.err.find(textOf(top)), std::string::npos) << what << refused.err;
}

void checkTopAndPastTop(const Option& option, CommandMask command,
                        const std::vector<std::string>& before, CommandRun run,
                        std::string_view output, double top) {
    std::vector<std::string> atTop = before;
    atTop.insert(atTop.end(), {std::string(option.flag), valueText(option, top, top)});
    std::vector<std::string> pastIt = before;
    pastIt.insert(pastIt.end(),
                  {std::string(option.flag), valueText(option, pastTop(option, top), top)});
    const std::string what = std::string(option.name) + " (command bit " + std::to_string(command) +
                             ", " + std::string(output) + ") ";
    const Outcome accepted = run(atTop);
    EXPECT_NE(accepted.status, kExitUsage) << what << atTop.back() << ": " << accepted.err;
    expectRefusalNamesRange(run(pastIt), option, top, what + pastIt.back());
}

Outcome renderRun(const std::vector<std::string>& arguments) {
    return outcomeOf(headless::parseRenderArguments, arguments);
}

TEST(TableArguments, EveryNumericOptionTakesTheTopOfItsRangeAndRefusesOneStepPast) {
    int checked = 0;
    for (const Option* option : options::kAllOptions) {
        if (!isNumeric(*option) || !option->maximum) {
            continue;
        }
        if ((option->commands & options::kRender) != 0) {
            for (const auto& [output, top] : topsOf(*option)) {
                checkTopAndPastTop(*option, options::kRender, renderLine(*option, output),
                                   renderRun, output, top);
                ++checked;
            }
        }
        for (const CommandLine& line : commandLines()) {
            if ((option->commands & line.command) != 0) {
                checkTopAndPastTop(*option, line.command, line.before, line.run, "",
                                   *option->maximum);
                ++checked;
            }
        }
    }
    // render's 12 ranges (13 runs: --crf once per output), convert's --scale and --fps,
    // thumbnail's --size and --timeout, similar's --top.
    EXPECT_EQ(checked, 18);
}

// What a subcommand writes for --help.
std::string runCommandHelp(int (*command)(std::span<const std::string_view>, std::ostream&,
                                          std::ostream&)) {
    const std::string_view help[] = {"--help"};
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(command(std::span<const std::string_view>(help), out, err), kExitOk);
    return out.str();
}

TEST(TableArguments, EachCommandsHelpHasEachOfItsOptionsEntries) {
    const std::pair<CommandMask, std::string> helps[] = {
        {options::kRender, std::string(headless::renderHelp())},
        {options::kConvert, std::string(convertHelp())},
        {options::kThumbnail, std::string(headless::thumbnailHelp())},
        {options::kPositions, runCommandHelp(runPositions)},
        {options::kInfo, runCommandHelp(runInfo)},
        {options::kCheck, runCommandHelp(runCheck)},
        {options::kSimilar, runCommandHelp(runSimilar)},
    };
    for (const auto& [command, help] : helps) {
        int entries = 0;
        for (const Option* option : options::kAllOptions) {
            if ((option->commands & command) != 0) {
                EXPECT_NE(help.find(options::helpEntry(*option, command)), std::string::npos)
                    << option->name << " in the help of command bit " << command << ":\n"
                    << help;
                ++entries;
            }
        }
        EXPECT_GT(entries, 0) << command;
    }
}

} // namespace
} // namespace bvhscope::cli
