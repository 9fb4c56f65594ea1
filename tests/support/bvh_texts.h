// BVH texts shared by several test suites. Each is small enough to derive positions by hand;
// the comments say what the tests rely on.
#pragma once

#include <string_view>

namespace bvh::test {

// A 170 cm figure for foot-contact tests: Hips with position channels only, a left and a right
// foot 85 cm below it (10 cm to either side, toes 10 cm ahead) and a head 80 cm above, none of
// them with channels. Ends with "MOTION\n": each test adds its frame count, Frame Time and rows
// of "x y z" for the hips.
inline constexpr std::string_view kFeetAndHeadHierarchy = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 3 Xposition Yposition Zposition
	JOINT LeftFoot
	{
		OFFSET 10 -85 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 0 10
		}
	}
	JOINT RightFoot
	{
		OFFSET -10 -85 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 0 10
		}
	}
	JOINT Head
	{
		OFFSET 0 80 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 5 0
		}
	}
}
MOTION
)";

// Root at (10, 20, 30) rotated Rz(90) in frame 0; Spine at offset (1, 2, 3); End Site
// (0, 1, 0). Frame 1 has no rotation. Frame Time 0.5 s.
inline constexpr std::string_view kChainBvh = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 1 2 3
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 1 0
		}
	}
}
MOTION
Frames: 2
Frame Time: 0.5
10 20 30 90 0 0 0 90 0
10 20 30 0 0 0 0 0 0
)";

// Root OFFSET (1, 2, 3) with 6 channels ZXY, Spine at (0, 10, 0), End Site (0, 5, 0); two
// frames with values 1..9 and 10..90; "JOINT Spine" is on line 6.
inline constexpr std::string_view kTwoJointBvh = R"(HIERARCHY
ROOT Hips
{
	OFFSET 1 2 3
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 10 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 5 0
		}
	}
}
MOTION
Frames: 2
Frame Time: 0.033333
1 2 3 4 5 6 7 8 9
10 20 30 40 50 60 70 80 90
)";

// One joint that can only turn about Z (one rotation channel), 1 frame of 30 degrees.
inline constexpr std::string_view kHingeBvh = R"(HIERARCHY
ROOT Hinge
{
	OFFSET 0 0 0
	CHANNELS 1 Zrotation
	End Site
	{
		OFFSET 0 1 0
	}
}
MOTION
Frames: 1
Frame Time: 0.1
30
)";

// Issue 38: a Hips-Chest chain 2e-30 tall at rest (OFFSETs of 1e-30 along Y) whose root stands
// at y = 100 in both frames: 100 + 1e-30 is 100 in double (its spacing there is 1.4e-14), so
// every joint lands on the root and the figure is 0 tall (Stance::belowPlacePrecision).
inline constexpr std::string_view kDwarfedChainBvh = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Chest
	{
		OFFSET 0 1e-30 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 1e-30 0
		}
	}
}
MOTION
Frames: 2
Frame Time: 0.04
0 100 0 0 0 0 0 0 0
0 100 0 0 0 0 0 0 0
)";

} // namespace bvh::test
