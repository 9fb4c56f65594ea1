// Command-line parsing shared by the subcommands: options, flags, frame ranges.
#pragma once

#include "core/kinematics/pose.h"

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

// Exit codes shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFileError = 1; // a file did not load
inline constexpr int kExitUsage = 2;     // the command line itself is wrong

struct ParsedArguments {
    std::vector<std::string> positional;
    std::map<std::string, std::string, std::less<>> options; // "--frames" -> "10:20"
    std::set<std::string, std::less<>> flags;                // "--json"

    bool has(std::string_view flag) const { return flags.contains(flag); }
    std::optional<std::string_view> option(std::string_view name) const;
};

struct ArgumentSpec {
    std::vector<std::string_view> valueOptions; // take a value: "--frames A:B" or "--frames=A:B"
    std::vector<std::string_view> flags;        // take none: "--json"
};

// Parses `arguments` (without the program and command names). "--help" and "--version" are
// always accepted as flags. Returns nullopt after writing a message to `err` on an unknown
// option or a missing value.
std::optional<ParsedArguments> parseArguments(std::span<const std::string_view> arguments,
                                              const ArgumentSpec& spec, std::ostream& err);

// An inclusive, 0-based frame range "A:B"; "A:" and ":B" leave an end open, "N" is one frame.
struct FrameRange {
    std::int64_t first = 0;
    std::optional<std::int64_t> last;
};
std::optional<FrameRange> parseFrameRange(std::string_view text);

// The frames a range names in a clip whose frames are 0 to `lastFrame` (-1: it has none), by
// the one rule of every subcommand (`positions`, `convert`, `render`): an open end is the last
// frame, and both ends must be frames of the clip; nothing is clamped. Otherwise nullopt, with
// `error` set to "<asked> asks for frame 9999, but <clip> has frames 0 to 5", where `asked` is
// the option as given ("--frames 2:9999") and `clip` names the clip ("take.bvh").
struct FrameSpan {
    std::int64_t first = 0;
    std::int64_t last = 0;
    std::int64_t count() const { return last - first + 1; }
};
std::optional<FrameSpan> resolveFrameRange(const FrameRange& range, std::int64_t lastFrame,
                                           std::string_view asked, std::string_view clip,
                                           std::string& error);

std::optional<bvh::TranslationMode> translationOption(const ParsedArguments& arguments,
                                                      std::ostream& err);

std::string_view versionString();

// Every subcommand answers --help (its usage text) and --version the same way. Returns the exit
// code when one of them was given, nullopt when the command should run.
std::optional<int> answerHelpOrVersion(const ParsedArguments& arguments, std::string_view help,
                                       std::ostream& out);

} // namespace bvhscope::cli
