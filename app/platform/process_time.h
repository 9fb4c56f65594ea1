// The CPU time this process has used so far, every thread counted (user and system), in
// seconds: what `--bench-idle` measures an idle viewer by. One file per platform.
#pragma once

namespace bvhscope::platform {

double processCpuSeconds();

} // namespace bvhscope::platform
