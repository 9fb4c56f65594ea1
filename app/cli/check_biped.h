// `bvhscope check --biped`: whether files fit Character Studio Biped's BVH import (seed 001).
#pragma once

#include "core/character_studio/biped.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

// The report for one file: hierarchy (missing, misplaced, extra joints, channel notes) and
// neutral pose (what differs, and whether `convert --up y` would fix it).
void printBipedReport(std::string_view file, const bvh::BipedCheck& check, std::ostream& out);

// Loads each file and prints its report; load errors go to `err` as FILE:LINE:COL lines.
// Returns kExitOk when every file matches, kExitFileError when any does not or fails to load.
int runBipedCheck(const std::vector<std::string>& files, std::ostream& out, std::ostream& err);

} // namespace bvhscope::cli
