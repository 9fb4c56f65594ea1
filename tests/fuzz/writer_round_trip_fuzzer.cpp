// libFuzzer target: whatever the reader accepts, the writer must write, and reading the
// written text must give back the same skeleton and motion, bit for bit.
#include "core/document.h"
#include "core/writer.h"

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "round trip broken: %s\n", what);
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document original = bvh::parseDocument(text);
    if (!original.loaded()) {
        return 0;
    }
    const auto& skeleton = original.skeleton;
    const auto& motion = original.motion;
    if (bvh::hasErrors(bvh::validateForWriting(skeleton, motion))) {
        fail("a document the reader loaded is not writable");
    }
    const std::string written = bvh::formatBvh(skeleton, motion);
    const bvh::Document reread = bvh::parseDocument(written);
    if (!reread.loaded()) {
        fail("the written text does not load");
    }
    if (reread.skeleton.names != skeleton.names || reread.skeleton.parents != skeleton.parents ||
        reread.skeleton.channels != skeleton.channels ||
        reread.skeleton.channelCount != skeleton.channelCount) {
        fail("the skeleton changed");
    }
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        for (int axis = 0; axis < 3; ++axis) {
            if (std::bit_cast<std::uint64_t>(reread.skeleton.offsets[i][axis]) !=
                std::bit_cast<std::uint64_t>(skeleton.offsets[i][axis])) {
                fail("an OFFSET changed");
            }
        }
    }
    if (reread.motion.frameCount != motion.frameCount ||
        reread.motion.values.size() != motion.values.size()) {
        fail("the frame count changed");
    }
    for (std::size_t i = 0; i < motion.values.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(reread.motion.values[i]) !=
            std::bit_cast<std::uint32_t>(motion.values[i])) {
            fail("a motion value changed");
        }
    }
    if (reread.motion.frameTimeAssumed != motion.frameTimeAssumed && !motion.frameTimeAssumed) {
        fail("the frame time was lost");
    }
    return 0;
}
