// Hand-built clips for the analysis tests: a hierarchy text and rows written out as a BVH file
// and parsed, so the tests go through the same reader as real files.
#pragma once

#include "core/reader/document.h"

#include <cstdio>
#include <functional>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh::test {

// The MOTION section of `rows`, each value written with %.9g (exact for a float).
inline std::string motionSection(const std::string& frameTime,
                                 const std::vector<std::vector<double>>& rows) {
    std::string text =
        "MOTION\nFrames: " + std::to_string(rows.size()) + "\nFrame Time: " + frameTime + "\n";
    for (const std::vector<double>& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            char number[40];
            std::snprintf(number, sizeof number, "%.9g", row[c]);
            text += (c == 0 ? "" : " ") + std::string(number);
        }
        text += '\n';
    }
    return text;
}

// `hierarchy` is the HIERARCHY section; `frameTime` is written with %.17g unless given as text.
inline Document clipFromRows(const std::string& hierarchy, const std::string& frameTime,
                             const std::vector<std::vector<double>>& rows) {
    Document document = parseDocument(hierarchy + motionSection(frameTime, rows));
    EXPECT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, rows.size());
    return document;
}

inline std::string exactFrameTime(double framesPerSecond) {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", 1.0 / framesPerSecond);
    return text;
}

// `frames` rows from a function of the frame number.
inline std::vector<std::vector<double>> rowsOf(int frames,
                                               const std::function<std::vector<double>(int)>& row) {
    std::vector<std::vector<double>> rows;
    for (int f = 0; f < frames; ++f) {
        rows.push_back(row(f));
    }
    return rows;
}

// One joint with three rotation channels in `order` ("Zrotation Xrotation Yrotation") and an
// End Site 10 units up.
inline std::string singleJoint(const std::string& channels) {
    return "HIERARCHY\nROOT Joint\n{\n\tOFFSET 0 0 0\n\tCHANNELS 3 " + channels +
           "\n\tEnd Site\n\t{\n\t\tOFFSET 0 10 0\n\t}\n}\n";
}

// A standing stick figure, Y up, legs 90 long, head 80 above the hips, an arm: Hips (6
// channels Xposition Yposition Zposition Zrotation Xrotation Yrotation), Spine, Head, LeftArm,
// LeftUpLeg, LeftFoot (3 rotation channels each, ZXY). 21 channels.
inline constexpr const char* kFigure = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 30 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT Head
		{
			OFFSET 0 50 0
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 0 20 0
			}
		}
		JOINT LeftArm
		{
			OFFSET 20 40 0
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 50 0 0
			}
		}
	}
	JOINT LeftUpLeg
	{
		OFFSET 10 0 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT LeftFoot
		{
			OFFSET 0 -85 0
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 0 -5 10
			}
		}
	}
}
)";
inline constexpr int kFigureChannels = 21;

// kFigure with every OFFSET multiplied by `factor` (0.01: the figure in metres).
inline std::string scaledFigure(double factor) {
    std::string text = kFigure;
    std::string scaled;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        std::string line = text.substr(start, end - start);
        const std::size_t keyword = line.find("OFFSET");
        if (keyword != std::string::npos) {
            double x = 0, y = 0, z = 0;
            std::sscanf(line.c_str() + keyword + 6, "%lf %lf %lf", &x, &y, &z);
            char numbers[96];
            std::snprintf(numbers, sizeof numbers, "%.9g %.9g %.9g", x * factor, y * factor,
                          z * factor);
            line = line.substr(0, keyword + 6) + " " + numbers;
        }
        scaled += line + "\n";
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return scaled;
}

} // namespace bvh::test
