// Retargeting in the real viewer (issue 40): two generated captures open, the Files panel's
// context menu puts one's motion on the other's skeleton, the Retarget map window edits a row and
// saves the map, and `bvhscope retarget --map` reads the saved map back to the viewer's result.
#include "core/reader/document.h"
#include "core/retarget/joint_map_file.h"
#include "core/retarget/retarget.h"
#include "core/writer/writer.h"
#include "tests/core/retarget/retarget_test_rigs.h"
#include "tests/gui/gui_test_support.h"

#include <bit>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope::gui_test;
using namespace bvh::retarget_test;

namespace {

constexpr std::uint32_t kTakeFrames = 60;

// The viewer's "retargeted INDEX joints J frames F motion DIGEST ..." line, and its map rows.
struct RetargetedState {
    std::size_t joints = 0;
    std::uint32_t frames = 0;
    std::uint64_t digest = 0;
    std::vector<std::string> rows; // "TARGET<TAB>SOURCE", in the target's joint order
};

std::optional<RetargetedState> retargetedIn(const ViewerStateFile& state, std::size_t index) {
    std::optional<RetargetedState> found;
    std::istringstream lines(state.text);
    const std::string header = "retargeted " + std::to_string(index) + " ";
    const std::string row = "retargetmap " + std::to_string(index) + " ";
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with(header)) {
            std::istringstream words(line.substr(header.size()));
            std::string word;
            found.emplace();
            words >> word >> found->joints >> word >> found->frames >> word >> found->digest;
        } else if (found && line.starts_with(row)) {
            found->rows.push_back(line.substr(row.size()));
        }
    }
    return found;
}

bool retargetIdle(const ViewerStateFile& state) {
    return state.text.find("retargeting busy 0\n") != std::string::npos;
}

// As the viewer's state digests a motion (state_dump.cpp).
std::uint64_t motionDigest(const bvh::Motion& motion) {
    std::uint64_t digest = 14695981039346656037ull;
    for (const float value : motion.values) {
        digest = (digest ^ std::bit_cast<std::uint32_t>(value)) * 1099511628211ull;
    }
    return digest;
}

// What `retarget` makes of the two files with the automatic matches and then `mapFile`.
bvh::Motion retargetedWith(const std::filesystem::path& take, const std::filesystem::path& rig,
                           const std::optional<std::filesystem::path>& mapFile) {
    const bvh::Document source = bvh::loadDocument(take);
    const bvh::Document target = bvh::loadDocument(rig);
    const bvh::RigRoles sourceRoles = bvh::findRigRoles(source.skeleton);
    const bvh::RigRoles targetRoles = bvh::findRigRoles(target.skeleton);
    bvh::JointMap map = bvh::matchJointsByRole(sourceRoles, targetRoles);
    if (mapFile) {
        EXPECT_TRUE(bvh::applyJointMapFile(bvh::loadJointMapFile(*mapFile), source.skeleton,
                                           target.skeleton, map)
                        .empty());
    }
    return bvh::retargetMotion({source.skeleton, source.motion, sourceRoles},
                               {target.skeleton, target.motion, targetRoles}, map)
        .motion;
}

class RetargetGui : public testing::Test {
protected:
    void SetUp() override { BVHSCOPE_REQUIRE_DISPLAY(); }
    // take.bvh (a Mixamo-named take) and rig.bvh (`rig`'s skeleton, one frame), opened.
    void start(const FigureOptions& rig) {
        const Figure source = buildFigure({});
        target_ = buildFigure(rig);
        take_ = dir_.path() / "take.bvh";
        rig_ = dir_.path() / "rig.bvh";
        std::ofstream(take_) << bvh::formatBvh(source.skeleton, figureMotion(source, kTakeFrames));
        std::ofstream(rig_) << bvh::formatBvh(target_.skeleton, figureMotion(target_, 1));
        viewer_.emplace(dir_, std::vector<std::string>{take_.string(), rig_.string(), "--size",
                                                       "1400x900", "--frame", "0"});
        ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
            return !state.loading && state.fileNames.size() == 2 &&
                   state.rects.contains("files:name:0");
        }));
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty());
    }
    // The Files panel's context menu on the take: Retarget onto > rig.bvh.
    void retargetTakeOntoRig() {
        click("files:name:0", Click::ofButton(3));
        click("files:retarget-onto:0");
        click("files:retarget:0:1");
    }
    void click(const std::string& rect, const Click& how = {}) {
        ASSERT_TRUE(clickSettledRect(*viewer_, window_, rect, how)) << rect;
    }
    // The rows the state should show: every joint of the rig (End Sites left out).
    std::vector<std::string> rigJointNames() const {
        std::vector<std::string> names;
        for (std::size_t node = 0; node < target_.skeleton.nodeCount(); ++node) {
            if (target_.skeleton.isEndSite[node] == 0) {
                names.push_back(target_.skeleton.names[node]);
            }
        }
        return names;
    }

    TempDir dir_;
    Figure target_;
    std::filesystem::path take_;
    std::filesystem::path rig_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

TEST_F(RetargetGui, TheContextMenuRetargetsEditsAndSavesTheMap) {
    FigureOptions biped;
    biped.names = bipedNames();
    biped.rotationOrder = "YXZ";
    ASSERT_NO_FATAL_FAILURE(start(biped));
    ASSERT_NO_FATAL_FAILURE(retargetTakeOntoRig());
    const auto made = viewer_->waitForState(
        [](const ViewerStateFile& state) {
            return state.fileNames.size() == 3 && retargetIdle(state) &&
                   retargetedIn(state, 2).has_value() && state.rects.contains("window:retarget");
        },
        ViewerProcess::kStateTimeout, "the retargeted character and its map window");
    ASSERT_TRUE(made.has_value());
    EXPECT_EQ(made->fileNames[2], "take onto rig.bvh");
    const RetargetedState first = *retargetedIn(*made, 2);
    EXPECT_EQ(first.joints, target_.skeleton.jointCount());
    EXPECT_EQ(first.frames, kTakeFrames);
    ASSERT_EQ(first.rows.size(), rigJointNames().size());
    for (std::size_t i = 0; i < first.rows.size(); ++i) {
        EXPECT_TRUE(first.rows[i].starts_with(rigJointNames()[i] + "\t")) << first.rows[i];
    }
    EXPECT_EQ(first.digest, motionDigest(retargetedWith(take_, rig_, std::nullopt)));

    // One row to none: the character is made again from the edited map.
    ASSERT_NO_FATAL_FAILURE(click("retarget:row:Bip01 Spine"));
    ASSERT_NO_FATAL_FAILURE(click("retarget:choice:none"));
    const auto edited = viewer_->waitForState(
        [](const ViewerStateFile& state) {
            const auto retargeted = retargetedIn(state, 2);
            return retargetIdle(state) && retargeted &&
                   std::ranges::find(retargeted->rows, "Bip01 Spine\t-") != retargeted->rows.end();
        },
        ViewerProcess::kStateTimeout, "the edited map shown");
    ASSERT_TRUE(edited.has_value());
    const RetargetedState second = *retargetedIn(*edited, 2);
    EXPECT_NE(second.digest, first.digest);
    EXPECT_EQ(edited->fileNames.size(), 3u);

    // Saved beside the rig; read back, it gives the viewer's motion, and the command line
    // writes with it what it writes for the edited pair.
    ASSERT_NO_FATAL_FAILURE(click("retarget:save"));
    const std::filesystem::path saved = dir_.path() / "take onto rig.map";
    ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
        return state.text.find("retargetmessage Saved the joint map to " + saved.string()) !=
               std::string::npos;
    }));
    EXPECT_EQ(second.digest, motionDigest(retargetedWith(take_, rig_, saved)));
    const std::string out = (dir_.path() / "out.bvh").string();
    const auto cli = runCommand(std::string(BVHSCOPE_EXECUTABLE) + " retarget '" + take_.string() +
                                "' --onto '" + rig_.string() + "' --map '" + saved.string() +
                                "' -o '" + out + "'");
    ASSERT_TRUE(cli.has_value());
    EXPECT_EQ(bvh::loadDocument(out).motion.frameCount, kTakeFrames);
}

// The joint tree's file header has the same menu.
TEST_F(RetargetGui, TheJointTreesFileMenuRetargetsToo) {
    FigureOptions biped;
    biped.names = bipedNames();
    ASSERT_NO_FATAL_FAILURE(start(biped));
    ASSERT_NO_FATAL_FAILURE(click("shown:tree:file:1=rig.bvh", Click::ofButton(3)));
    ASSERT_NO_FATAL_FAILURE(click("files:retarget-onto:1"));
    ASSERT_NO_FATAL_FAILURE(click("files:retarget:1:0"));
    const auto made = viewer_->waitForState(
        [](const ViewerStateFile& state) {
            return state.fileNames.size() == 3 && retargetIdle(state) &&
                   retargetedIn(state, 2).has_value();
        },
        ViewerProcess::kStateTimeout, "the rig's pose on the take's skeleton");
    ASSERT_TRUE(made.has_value());
    EXPECT_EQ(made->fileNames[2], "rig onto take.bvh");
    EXPECT_EQ(retargetedIn(*made, 2)->frames, 1u); // the rig's one frame
}

TEST_F(RetargetGui, APairWithoutHipsIsRefusedInTheMessageLine) {
    FigureOptions bones;
    for (std::size_t j = 0; j < kFigureJoints; ++j) {
        bones.names[j] = "bone" + std::to_string(j);
    }
    ASSERT_NO_FATAL_FAILURE(start(bones));
    ASSERT_NO_FATAL_FAILURE(retargetTakeOntoRig());
    const auto refused = viewer_->waitForState([](const ViewerStateFile& state) {
        return state.text.find("retargetmessage bvhscope retarget: take.bvh onto rig.bvh: no "
                               "hips matched; roles found in the source: hips") !=
               std::string::npos;
    });
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->fileNames.size(), 2u); // the viewer keeps what it had
}

} // namespace
