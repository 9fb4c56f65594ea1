// `bvhscope render`: pictures of BVH files without a window (see render_request.h for the
// command line and app/headless/README-style help in renderHelp()).
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace bvhscope::headless {

// The arguments after "render". Returns the exit code: 0 when every image was written; 1 when a
// file does not load, an image cannot be written or there is no OpenGL; 2 for a usage error.
int runRender(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err);

} // namespace bvhscope::headless
