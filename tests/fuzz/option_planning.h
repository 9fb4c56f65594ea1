// The option fuzzer's one entry point, shared by option_planning_fuzzer (libFuzzer, `make fuzz`)
// and option_planning_test (GoogleTest on fixed hostile inputs, run by `make test` without
// libFuzzer). Bytes become a `render` or `convert` command line and one or two tiny captures
// written on the fly; the arguments are parsed and the outputs planned (render's frames,
// pictures, video rate, shots and output names; convert's frame range and resample size) without
// drawing, reading a file or writing one, and every bound of core/model/output_limits.h is
// asserted. A small conversion is also run in memory and its result read back.
//
// The bytes, one field a line:
//   0: the command: "convert" (or anything starting with 'c'), otherwise render
//   1: capture A's Frame Time, as written after "Frame Time:"
//   2: capture A's "Frames:" value, as written; its first digit is how many rows it has (0-9)
//   3, 4: the same for capture B (render's second FILE)
//   5: the value written in every row's Xposition (say "1e38", for --scale)
//   6...: the arguments after the command, one a line (at most 32)
#pragma once

#include <string>
#include <string_view>

namespace bvhscope::fuzz {

struct PlanningCheck {
    std::string violation; // empty when every bound held; else which broke (the fuzzer aborts)
    // What the command would do, for tests: "usage: <message>" (the command line is refused),
    // "refused: <message>" (the plan is), "skipped: <why>", "planned: N pictures" (render) or
    // "planned: N frames" (convert).
    std::string outcome;
};
PlanningCheck checkOptionPlanning(std::string_view bytes);

} // namespace bvhscope::fuzz
