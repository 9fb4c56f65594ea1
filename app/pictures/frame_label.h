// The text `bvhscope render` stamps on its images: the frame, its SMPTE-style timecode at the
// file's rate, and the file's name.
#pragma once

#include <cstdint>
#include <string>

namespace bvhscope::pictures {

// Frames per second for timecodes: the file's rate rounded to a whole number (0.0333333 s is
// 30 fps, 0.008333 s is 120 fps), at least 1. Timecodes are non-drop-frame: a 29.97 fps file
// counts 30 frames to its second, as editors do with NDF timecode.
int timecodeRate(double frameTime);

// "HH:MM:SS:FF" for a 0-based frame at `rate` frames per second; hours keep counting past 99,
// and FF has three digits above 100 fps ("00:00:01:007" at 120 fps).
std::string timecode(std::int64_t frame, int rate);

// "30 fps", or "29.97 fps" when the rate is not whole.
std::string rateLabel(double frameTime);

// The overlay's lines: "walk.bvh" and "frame 12 / 64   00:00:00:12   30 fps".
struct FrameLabel {
    std::string title;
    std::string detail;
};
FrameLabel frameLabel(const std::string& fileName, std::int64_t frame, std::int64_t lastFrame,
                      double frameTime);
// The short form for contact-sheet tiles: "frame 12 / 64  30 fps".
std::string shortFrameLabel(std::int64_t frame, std::int64_t lastFrame, double frameTime);

} // namespace bvhscope::pictures
