// What the GL implementation is, as far as drawing choices go (pure string checks, no GL).
#pragma once

#include <string_view>

namespace bvhscope::render {

// Whether GL_RENDERER names a CPU rasteriser: Mesa's llvmpipe, softpipe and swrast, Google's
// SwiftShader, Microsoft's GDI generic renderer. Those pay for every sample on the CPU, so 4x
// multisampling roughly doubles the cost of a viewer frame.
bool isSoftwareRenderer(std::string_view glRenderer);

// The multisample count the viewer draws with when the user leaves it on automatic: 4 on a
// GPU, none on a software renderer (speed matters more there than smooth edges).
int automaticSampleCount(std::string_view glRenderer);

} // namespace bvhscope::render
