// `bvhscope options [--json]`: the options table (app/options/option_table.h), for people and
// for scripts.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/options/option_table.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace bvhscope::cli {

namespace {

constexpr std::string_view kOptionsHelp =
    R"(usage: bvhscope options [--json]

Every option a user can set: its settings.ini key, its command-line flag and the commands that
take it, its type, range, default, unit and what it does. The viewer's settings.ini, the
Settings panel and the command lines all take their ranges and defaults from this one table.

  --json                 a JSON array of objects {"name", "flag", "key", "type", "min",
                         "max", "default", "unit", "help", "step", "choices", "commands",
                         "needs", "max_by_output", "min_excluded"} (null where an option has
                         none; "min_excluded": true where "min" itself is refused; "needs":
                         what render must be asked for first, such as a video output;
                         "max_by_output": a top that depends on -o's extension, "max" being
                         the largest)
  --help, --version
)";

// The command lines that take the option's flag, as words.
std::vector<std::string_view> commandNames(const options::Option& option) {
    std::vector<std::string_view> names;
    for (const options::CommandName& command : options::kCommandNames) {
        if ((option.commands & command.command) != 0) {
            names.push_back(command.name);
        }
    }
    return names;
}

void textOrNull(JsonWriter& json, std::string_view key, std::string_view text) {
    json.key(key);
    if (text.empty()) {
        json.null();
    } else {
        json.value(text);
    }
}

// A whole number as one ("100000", not to_chars' shortest "1e+05"), so a script can add one
// step to a maximum and print it back.
void writeNumber(JsonWriter& json, double number) {
    if (number == std::round(number) && std::abs(number) < 9.0e15) {
        json.value(static_cast<std::int64_t>(number));
    } else {
        json.value(number);
    }
}

void numberOrNull(JsonWriter& json, std::string_view key, const std::optional<double>& number) {
    json.key(key);
    if (number) {
        writeNumber(json, *number);
    } else {
        json.null();
    }
}

// A numeric option's default as a number ("45"), else as written ("auto", "1280x720").
void writeDefault(JsonWriter& json, const options::Option& option) {
    json.key("default");
    const bool numeric =
        option.type == options::ValueType::Integer || option.type == options::ValueType::Number;
    if (option.defaultValue.empty()) {
        json.null();
    } else if (numeric &&
               option.defaultValue.find_first_not_of("-.0123456789") == std::string_view::npos) {
        writeNumber(json, std::stod(std::string(option.defaultValue)));
    } else {
        json.value(option.defaultValue);
    }
}

void writeList(JsonWriter& json, std::string_view key, std::span<const std::string_view> words) {
    json.key(key);
    if (words.empty()) {
        json.null();
        return;
    }
    json.beginArray();
    for (const std::string_view word : words) {
        json.value(word);
    }
    json.endArray();
}

void writeJsonOption(JsonWriter& json, const options::Option& option) {
    json.beginObject();
    json.key("name");
    json.value(option.name);
    textOrNull(json, "flag", option.flag);
    textOrNull(json, "key", option.key);
    json.key("type");
    json.value(options::typeName(option.type));
    numberOrNull(json, "min", option.minimum);
    numberOrNull(json, "max", option.maximum);
    json.key("min_excluded");
    json.value(option.minimumExcluded);
    writeDefault(json, option);
    textOrNull(json, "unit", option.unit);
    json.key("help");
    json.value(option.help);
    numberOrNull(json, "step",
                 option.minimum || option.maximum ? std::optional<double>(option.step)
                                                  : std::nullopt);
    writeList(json, "choices", option.choices);
    const std::vector<std::string_view> commands = commandNames(option);
    writeList(json, "commands", commands);
    textOrNull(json, "needs", options::renderNeedText(option.renderNeeds));
    json.key("max_by_output");
    if (option.maximumByOutput.empty()) {
        json.null();
    } else {
        json.beginObject();
        for (const options::OutputMaximum& each : option.maximumByOutput) {
            json.key(each.output);
            writeNumber(json, each.maximum);
        }
        json.endObject();
    }
    json.endObject();
}

// One option for people: its name, where it is set, then what it takes and does.
void writeReadableOption(std::ostream& out, const options::Option& option) {
    out << option.name << "\n";
    if (!option.key.empty()) {
        out << "    settings.ini: " << option.key << "\n";
    }
    if (!option.flag.empty()) {
        out << "    flag: " << option.flag << " (";
        const std::vector<std::string_view> commands = commandNames(option);
        for (std::size_t i = 0; i < commands.size(); ++i) {
            out << (i ? ", " : "") << commands[i];
        }
        out << ")";
        if (option.renderNeeds != options::RenderNeed::Nothing) {
            out << ", render only for " << options::renderNeedText(option.renderNeeds);
        }
        out << "\n";
    }
    out << "    " << options::typeName(option.type);
    if (const std::string range = options::rangeText(option); !range.empty()) {
        out << " " << range;
    }
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        out << (i ? "|" : ": ") << option.choices[i];
    }
    if (!option.defaultValue.empty()) {
        out << ", default " << option.defaultValue;
    }
    out << "\n    " << option.help << "\n";
}

} // namespace

int runOptions(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err) {
    const auto parsed = parseArguments(arguments, ArgumentSpec{{}, {"--json"}}, err);
    if (!parsed) {
        err << "(see bvhscope options --help)\n";
        return kExitUsage;
    }
    if (const auto answered = answerHelpOrVersion(*parsed, kOptionsHelp, out)) {
        return *answered;
    }
    if (!parsed->positional.empty()) {
        err << "bvhscope options: takes no FILE, not '" << parsed->positional.front()
            << "'\n(see bvhscope options --help)\n";
        return kExitUsage;
    }
    if (parsed->has("--json")) {
        JsonWriter json(out);
        json.beginArray();
        for (const options::Option* option : options::kAllOptions) {
            writeJsonOption(json, *option);
        }
        json.endArray();
        out << "\n";
        return kExitOk;
    }
    for (const options::Option* option : options::kAllOptions) {
        writeReadableOption(out, *option);
    }
    return kExitOk;
}

} // namespace bvhscope::cli
