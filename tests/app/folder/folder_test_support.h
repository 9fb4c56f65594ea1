// A scratch folder of BVH files for the folder browser's tests: copies of the project's
// captures under names that test the natural order, a file that does not load, and files the
// browser must not list.
#pragma once

#include "tests/support/hang_guard.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <random>
#include <stdlib.h>
#include <string>
#include <thread>

namespace bvhscope::folder_test {

// Fails to load: OFFSET with two numbers (the error is at line 5, column 3, where CHANNELS
// comes instead of the third number).
inline constexpr const char* kBrokenBvh =
    "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n  CHANNELS 3 Xposition\n";

// A hierarchy beyond a summary's budget: a million joints of one name with no OFFSET or
// CHANNELS (11 MB of text whose document would hold three warnings a joint, some 470 MB), and
// one frame of the root's three channels.
inline std::string millionJointHierarchy() {
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition "
                       "Zposition\n";
    for (int i = 0; i < 1'000'000; ++i) {
        text += "JOINT a\n{}\n";
    }
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.04\n0 0 0\n";
    return text;
}

inline std::filesystem::path sourceFile(const std::string& relative) {
    return std::filesystem::path(BVHSCOPE_SOURCE_DIR) / relative;
}

// A new, empty directory under the temporary folder whose name starts with `prefix` (POSIX's
// mkdtemp, which Windows lacks); empty when none can be made.
inline std::filesystem::path makeUniqueDirectory(const std::string& prefix) {
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::filesystem::path candidate =
            std::filesystem::temp_directory_path() / (prefix + std::to_string(random()));
        std::error_code error;
        if (std::filesystem::create_directory(candidate, error)) {
            return candidate;
        }
        if (error) {
            return {};
        }
    }
    return {};
}

class ScratchFolder {
public:
    ScratchFolder() { path_ = makeUniqueDirectory("bvhscope-folder-"); }
    ~ScratchFolder() {
        std::error_code error;
        std::filesystem::remove_all(path_, error);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    const std::filesystem::path& path() const { return path_; }

    std::filesystem::path copy(const std::string& source, const std::string& name) const {
        const std::filesystem::path target = path_ / name;
        std::filesystem::create_directories(target.parent_path());
        std::filesystem::copy_file(sourceFile(source), target,
                                   std::filesystem::copy_options::overwrite_existing);
        return target;
    }
    std::filesystem::path write(const std::string& name, const std::string& text) const {
        const std::filesystem::path target = path_ / name;
        std::filesystem::create_directories(target.parent_path());
        std::ofstream(target, std::ios::binary | std::ios::trunc) << text;
        return target;
    }

    // The standard set, listed (non-recursively) as broken.bvh, Walk1.BVH, walk2.bvh,
    // walk10.bvh: Walk1 is the Character Studio sample (18 joints, 1 warning), walk2 the
    // bundled walk cycle (21 joints, no warning), walk10 the CMU sample (31 joints, 1 warning).
    // notes.txt and the folder "takes.bvh" are not captures; sub/inner.bvh is in a subfolder.
    void fillStandard() const {
        write("broken.bvh", kBrokenBvh);
        copy("tests/data/seed_character_studio_example.bvh", "Walk1.BVH");
        copy("assets/sample_walk.bvh", "walk2.bvh");
        copy("tests/data/seed_cmu_example.bvh", "walk10.bvh");
        write("notes.txt", "not a capture\n");
        std::filesystem::create_directories(path_ / "takes.bvh");
        copy("assets/sample_walk.bvh", "sub/inner.bvh");
    }

private:
    std::filesystem::path path_;
};

// Calls `step` until `done` holds (at most the hang guard); whether it did. Not a timing
// assertion: it only bounds a wait for background work.
inline bool pumpUntil(const std::function<void()>& step, const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (std::chrono::steady_clock::now() < deadline) {
        step();
        if (done()) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

} // namespace bvhscope::folder_test
