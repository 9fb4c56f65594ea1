// What the File > Export tests share (export_test.cpp, export_gltf_test.cpp): a small Z-up
// centimetre capture with hand-derived positions, a temporary folder, and the character and
// timeline the viewer would make of it.
#pragma once

#include "app/scene/character.h"
#include "app/scene/playback.h"
#include "core/reader/document.h"
#include "tests/app/folder/folder_test_support.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <string_view>

namespace bvhscope::viewer::export_test {

// Z up, centimetres. Hips travel +10 cm along X per frame at height 90 and are turned 90
// degrees about Z (the file's up) in every frame; Head sits 10 cm along Y and 170 cm up.
// Frame k: Hips (10k, 0, 90); the turn takes Head's offset (0, 10, 170) to (-10, 0, 170),
// so Head is at (10k - 10, 0, 260) and its End Site 10 cm above it.
inline constexpr std::string_view kZUpCentimetres = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Head
	{
		OFFSET 0 10 170
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 0 10
		}
	}
}
MOTION
Frames: 5
Frame Time: 0.1
0 0 90 90 0 0 0 0 0
10 0 90 90 0 0 0 0 0
20 0 90 90 0 0 0 0 0
30 0 90 90 0 0 0 0 0
40 0 90 90 0 0 0 0 0
)";

class TemporaryDirectory {
public:
    TemporaryDirectory() { path_ = folder_test::makeUniqueDirectory("bvhscope-export-"); }
    ~TemporaryDirectory() {
        std::error_code error;
        std::filesystem::remove_all(path_, error);
    }
    const std::filesystem::path& path() const { return path_; }
    std::string write(const std::string& name, std::string_view text) const {
        std::ofstream(path_ / name, std::ios::binary) << text;
        return (path_ / name).string();
    }

private:
    std::filesystem::path path_;
};

inline std::string readBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The file opened as the viewer does, with the settings forcing Z up and centimetres (the
// override path; the guess agrees on this file).
inline scene::Character openZUp(const std::string& path) {
    bvh::Document document = bvh::loadDocument(path);
    EXPECT_TRUE(document.loaded());
    scene::Character character = scene::makeCharacter("walk.bvh", path, std::move(document));
    scene::applyAxes(character, scene::UpAxisChoice::PositiveZ, scene::UnitChoice::Centimetre);
    return character;
}

inline scene::Playback timelineFor(const scene::Character& character) {
    scene::Playback playback;
    playback.setClip(character.clip->document.motion.duration(),
                     character.clip->document.motion.frameTime);
    return playback;
}

} // namespace bvhscope::viewer::export_test
