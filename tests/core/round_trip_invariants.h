// What writing must satisfy for every document the reader loads: the writer accepts it, and
// reading the written text gives back the same skeleton and motion, bit for bit. Checked by the
// writer round-trip fuzzer and by the regression tests built from the fuzzers' findings.
#pragma once

#include "core/document.h"
#include "core/writer.h"

#include <bit>
#include <cstdint>
#include <string>

namespace bvh::test {

// Returns "" when `original` (a loaded document) survives write -> read unchanged, otherwise
// what broke.
inline std::string roundTripViolation(const Document& original) {
    const Skeleton& skeleton = original.skeleton;
    const Motion& motion = original.motion;
    if (hasErrors(validateForWriting(skeleton, motion))) {
        return "a document the reader loaded is not writable";
    }
    const Document reread = parseDocument(formatBvh(skeleton, motion));
    if (!reread.loaded()) {
        return "the written text does not load";
    }
    if (reread.skeleton.names != skeleton.names || reread.skeleton.parents != skeleton.parents ||
        reread.skeleton.channels != skeleton.channels ||
        reread.skeleton.channelCount != skeleton.channelCount) {
        return "the skeleton changed";
    }
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        for (int axis = 0; axis < 3; ++axis) {
            if (std::bit_cast<std::uint64_t>(reread.skeleton.offsets[i][axis]) !=
                std::bit_cast<std::uint64_t>(skeleton.offsets[i][axis])) {
                return "an OFFSET changed";
            }
        }
    }
    if (reread.motion.frameCount != motion.frameCount ||
        reread.motion.values.size() != motion.values.size()) {
        return "the frame count changed";
    }
    for (std::size_t i = 0; i < motion.values.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(reread.motion.values[i]) !=
            std::bit_cast<std::uint32_t>(motion.values[i])) {
            return "a motion value changed";
        }
    }
    if (!motion.frameTimeAssumed && reread.motion.frameTimeAssumed) {
        return "the frame time was lost";
    }
    return "";
}

} // namespace bvh::test
