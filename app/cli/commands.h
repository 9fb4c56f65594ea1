// The command-line subcommands. Each takes its arguments (after the command name) and the
// streams to write to, so tests run them in-process; each returns a process exit code
// (kExitOk, kExitFileError, kExitUsage).
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace bvhscope::cli {

int runInfo(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
int runCheck(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
int runPositions(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
int runConvert(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
// One capture's motion on another skeleton (issue 40).
int runRetarget(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
// Live streams (issue 28): record one into BVH files; broadcast a file as one.
int runRecord(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
int runServe(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);
// Takes that move like a given one (issue 39).
int runSimilar(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);

// Every user-settable option, readable or as JSON (issue 43: app/options/option_table.h).
int runOptions(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);

// Dispatches "bvhscope COMMAND ..." to a subcommand. Returns -1 when arguments[0] is not a
// subcommand name (the caller then opens the viewer).
int runSubcommand(std::span<const std::string_view> arguments, std::ostream& out,
                  std::ostream& err);

// The top-level usage text, listing every subcommand.
void printUsage(std::ostream& out);

} // namespace bvhscope::cli
