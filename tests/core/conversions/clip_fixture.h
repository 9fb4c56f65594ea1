// A small, lively clip for the conversion tests, and world positions to compare results by.
//
// The skeleton has every feature a conversion must carry through: two ROOTs, End Sites, three
// rotation orders (ZXY, YXZ, XYZ), a joint with position channels, a joint without rotation
// channels. The motion is smooth but covers large angles (up to about 170 degrees), so Euler
// re-derivation meets both solutions and the +-180 wrap.
#pragma once

#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/support/rest_positions.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh::test {

inline constexpr const char* kClipHierarchy = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 90 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 10 1
		CHANNELS 3 Yrotation Xrotation Zrotation
		JOINT Head
		{
			OFFSET 0 20 0
			CHANNELS 3 Xrotation Yrotation Zrotation
			End Site
			{
				OFFSET 0 8 2
			}
		}
		JOINT LeftArm
		{
			OFFSET 15 5 0
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 25 0 0
			}
		}
	}
	JOINT LeftLeg
	{
		OFFSET 8 -5 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 -80 5
		}
	}
}
ROOT Prop
{
	OFFSET 30 0 0
	CHANNELS 6 Xposition Yposition Zposition Yrotation Xrotation Zrotation
	End Site
	{
		OFFSET 0 0 40
	}
}
)";

// `frames` rows at `fps`; every channel a different smooth curve of time.
inline Document makeClip(int frames, double fps = 30.0) {
    std::string text = kClipHierarchy;
    text += "MOTION\nFrames: " + std::to_string(frames) +
            "\nFrame Time: " + std::to_string(1.0 / fps) + "\n";
    for (int f = 0; f < frames; ++f) {
        const double t = f / fps;
        std::vector<double> row = {
            // Hips: walking forward along +Z with a bob, turning.
            3 * std::sin(t), 90 + 2 * std::sin(4 * t), 40 * t, 170 * std::sin(0.7 * t),
            25 * std::sin(1.3 * t), 160 * std::cos(0.5 * t),
            // Spine YXZ, Head XYZ (middle angle reaching 80), LeftArm ZXY.
            30 * std::sin(2 * t), 20 * std::cos(t), -15 * std::sin(3 * t), 10 * std::sin(t),
            80 * std::sin(0.9 * t), 5 * std::cos(2 * t), -60 + 50 * std::sin(1.1 * t),
            120 * std::sin(0.4 * t), 30 * std::cos(t),
            // Prop: absolute-looking positions around its offset, YXZ.
            30 + 5 * std::cos(t), 10 * std::sin(t), 2 * t, 90 * t, 45 * std::sin(t), -170 + 20 * t};
        for (std::size_t c = 0; c < row.size(); ++c) {
            text += (c == 0 ? "" : " ") + std::to_string(row[c]);
        }
        text += '\n';
    }
    return parseDocument(text);
}

// World positions of every node for one frame (or the rest pose with no frames).
inline std::vector<glm::dvec3> worldPositions(const Skeleton& skeleton, const Motion& motion,
                                              std::uint32_t frame, TranslationMode mode) {
    const std::vector<RigidTransform> world = test::frameWorld(
        skeleton, motion.frameCount == 0 ? std::span<const float>() : motion.frame(frame), mode);
    std::vector<glm::dvec3> positions;
    for (const RigidTransform& transform : world) {
        positions.push_back(transform.translation);
    }
    return positions;
}

inline void expectPositionsNear(const std::vector<glm::dvec3>& expected,
                                const std::vector<glm::dvec3>& actual, double tolerance) {
    ASSERT_EQ(expected.size(), actual.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_LE(glm::distance(expected[i], actual[i]), tolerance)
            << "node " << i << ": expected (" << expected[i].x << ", " << expected[i].y << ", "
            << expected[i].z << "), got (" << actual[i].x << ", " << actual[i].y << ", "
            << actual[i].z << ")";
    }
}

} // namespace bvh::test
