// What writing must satisfy for every document the reader loads: the writer accepts it, and
// reading the written text gives back the same skeleton and motion, bit for bit. Checked by the
// writer round-trip fuzzer and by the regression tests built from the fuzzers' findings.
//
// One exception: joint names the reader takes but the writer refuses for other readers' sake
// (jointNameProblem in core/writer/writer.h: a '}' or a control character such as a tab inside the
// name). The writer must then refuse the document with an error naming a joint, rather than
// write it.
#pragma once

#include "core/reader/document.h"
#include "core/writer/writer.h"

#include <bit>
#include <cstdint>
#include <string>

namespace bvh::test {

// Returns "" when `reread` (a written file, read back) holds exactly `skeleton` and `motion`,
// otherwise what differs.
inline std::string readBackDifference(const Skeleton& skeleton, const Motion& motion,
                                      const Document& reread) {
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

// Returns "" when `original` (a loaded document) survives write -> read unchanged, or is
// refused only for a joint name the writer keeps out of files; otherwise what broke.
inline std::string roundTripViolation(const Document& original) {
    const Skeleton& skeleton = original.skeleton;
    const Motion& motion = original.motion;
    bool refusedName = false;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        refusedName = refusedName || (skeleton.isEndSite[node] == 0 &&
                                      !jointNameProblem(skeleton.names[node]).empty());
    }
    const std::vector<Diagnostic> problems = validateForWriting(skeleton, motion);
    if (refusedName) {
        for (const Diagnostic& problem : problems) {
            if (problem.message.starts_with("joint '")) {
                return "";
            }
        }
        return "a joint name the writer refuses was not reported";
    }
    if (hasErrors(problems)) {
        return "a document the reader loaded is not writable";
    }
    return readBackDifference(skeleton, motion, parseDocument(formatBvh(skeleton, motion)));
}

} // namespace bvh::test
