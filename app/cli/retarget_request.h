// The command line of `bvhscope retarget` (issue 40), parsed and checked before any file is
// read. Separate from the command so that tests run it without reading or writing anything.
#pragma once

#include "app/cli/command_line.h"
#include "core/gltf/gltf_export.h"
#include "core/writer/input_files.h"

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace bvhscope::cli {

struct RetargetRequest {
    std::string source;
    std::string target;                // --onto
    std::optional<std::string> output; // -o; may be left out with --print-map
    std::optional<std::string> map;    // --map
    std::optional<FrameRange> frames;
    std::string framesText; // --frames as given, for messages
    bool overwrite = false;
    bool printMap = false;
    bool lockFeet = true;                   // --feet lock (default) or free
    std::optional<bvh::GltfContainer> gltf; // OUT ending in .glb or .gltf
};

std::string_view retargetHelp();

struct ParsedRetarget {
    std::optional<RetargetRequest> request;
    std::optional<int> exitCode; // set when nothing is to be retargeted
};
ParsedRetarget parseRetargetArguments(std::span<const std::string_view> arguments,
                                      std::ostream& out, std::ostream& err);

// The files OUT may not be: SOURCE (unless --overwrite), TARGET and the --map file.
bvh::InputFiles retargetInputs(const RetargetRequest& request);

} // namespace bvhscope::cli
