// A capture for session tests whose poses can be worked out by hand: the root 10 units along
// X per frame over 3 frames of 1 s, so frame N is at N seconds and 10 N units.
#pragma once

namespace bvhscope::viewer::test {

inline constexpr const char* kSlide = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 3 Xposition Yposition Zposition
	JOINT Head
	{
		OFFSET 0 10 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 5 0
		}
	}
}
MOTION
Frames: 3
Frame Time: 1
0 0 0
10 0 0
20 0 0
)";

} // namespace bvhscope::viewer::test
