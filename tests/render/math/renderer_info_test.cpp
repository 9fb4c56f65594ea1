#include "render/math/renderer_info.h"

#include <gtest/gtest.h>

namespace bvhscope::render {
namespace {

TEST(RendererInfo, RecognisesCpuRasterisers) {
    EXPECT_TRUE(isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
    EXPECT_TRUE(isSoftwareRenderer("softpipe"));
    EXPECT_TRUE(isSoftwareRenderer("Mesa DRI Intel(R) ... swrast"));
    EXPECT_TRUE(isSoftwareRenderer("Google SwiftShader"));
    EXPECT_TRUE(isSoftwareRenderer("GDI Generic"));
    EXPECT_FALSE(isSoftwareRenderer("NVIDIA H100 80GB HBM3/PCIe/SSE2"));
    EXPECT_FALSE(isSoftwareRenderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
    EXPECT_FALSE(isSoftwareRenderer("AMD Radeon RX 6800 (radeonsi, navi21, LLVM 15.0.6)"));
    EXPECT_FALSE(isSoftwareRenderer(""));
}

TEST(RendererInfo, AutomaticMultisamplingIsOffOnlyInSoftware) {
    EXPECT_EQ(automaticSampleCount("llvmpipe (LLVM 15.0.6, 256 bits)"), 0);
    EXPECT_EQ(automaticSampleCount("NVIDIA GeForce RTX 3080/PCIe/SSE2"), 4);
}

} // namespace
} // namespace bvhscope::render
