// Whether two Documents of one text are the same to the bit (every way of reading a text must give
// the one-shot parse's result): shared by the stepped and streamed load tests and the streamed
// load fuzzer.
#pragma once

#include "core/model/diagnostic.h"
#include "core/reader/document.h"

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace bvh::test {

inline std::vector<std::string> formattedDiagnostics(const Document& document) {
    std::vector<std::string> lines;
    for (const Diagnostic& diagnostic : document.diagnostics) {
        lines.push_back(formatDiagnostic("f.bvh", diagnostic));
    }
    return lines;
}

// "" when `a` and `b` are the same (diagnostics as printed, skeleton, node locations, motion
// values to the bit: a NaN equals itself, a changed sign of zero does not); otherwise the first
// part that differs.
inline std::string documentDifference(const Document& a, const Document& b) {
    const std::vector<std::string> aDiagnostics = formattedDiagnostics(a);
    const std::vector<std::string> bDiagnostics = formattedDiagnostics(b);
    if (aDiagnostics != bDiagnostics) {
        std::string both = "the diagnostics:";
        for (const auto* side : {&aDiagnostics, &bDiagnostics}) {
            both += "\n--";
            for (const std::string& line : *side) {
                both += "\n" + line;
            }
        }
        return both;
    }
    if (a.loaded() != b.loaded()) {
        return "whether it loaded";
    }
    const Skeleton& s = a.skeleton;
    const Skeleton& t = b.skeleton;
    if (s.names != t.names || s.parents != t.parents || s.offsets != t.offsets ||
        s.isEndSite != t.isEndSite || s.channelBegin != t.channelBegin ||
        s.channelCount != t.channelCount || s.channels != t.channels ||
        s.channelNames != t.channelNames) {
        return "the skeleton";
    }
    if (a.nodeLocations.size() != b.nodeLocations.size()) {
        return "the count of node locations";
    }
    for (std::size_t node = 0; node < a.nodeLocations.size(); ++node) {
        if (a.nodeLocations[node].line != b.nodeLocations[node].line ||
            a.nodeLocations[node].column != b.nodeLocations[node].column) {
            return "node " + std::to_string(node) + "'s location";
        }
    }
    if (a.declaredFrameCount != b.declaredFrameCount || a.hasMotionSection != b.hasMotionSection) {
        return "the MOTION section's declarations";
    }
    const Motion& m = a.motion;
    const Motion& n = b.motion;
    if (m.frameCount != n.frameCount || m.channelCount != n.channelCount ||
        m.frameTime != n.frameTime || m.frameTimeAssumed != n.frameTimeAssumed ||
        m.values.size() != n.values.size()) {
        return "the motion's shape (" + std::to_string(m.frameCount) + " against " +
               std::to_string(n.frameCount) + " frames)";
    }
    for (std::size_t i = 0; i < m.values.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(m.values[i]) !=
            std::bit_cast<std::uint32_t>(n.values[i])) {
            return "value " + std::to_string(i);
        }
    }
    return "";
}

} // namespace bvh::test
