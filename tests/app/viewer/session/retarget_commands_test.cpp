// Retargeting in the viewer's session (app/viewer/session/retarget_commands.h), driven by the
// commands the Files panel and the Retarget map panel push: the new character is the target's
// skeleton with the source's frames (what core/retarget makes of the pair), coloured like the
// target; an edited row makes it again in its place; a pair without hips is refused with the
// command line's message; a saved map reads back to the same motion.
#include "app/viewer/io/export.h"
#include "app/viewer/session/session.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/retarget/joint_map_file.h"
#include "core/retarget/retarget.h"
#include "core/writer/writer.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/core/retarget/retarget_test_rigs.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope::viewer;
using namespace bvh::retarget_test;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

constexpr std::uint32_t kSourceFrames = 30;

bvh::Document documentOf(const Figure& figure, std::uint32_t frames) {
    return bvh::parseDocument(bvh::formatBvh(figure.skeleton, figureMotion(figure, frames)));
}

FigureOptions bipedRig() {
    FigureOptions options;
    options.names = bipedNames();
    options.rotationOrder = "YXZ";
    options.scale = 1.3;
    return options;
}

class RetargetSession : public testing::Test {
protected:
    // take.bvh (the motion) and rig.bvh (a Character Studio skeleton, one frame), as opened.
    void openPair(const FigureOptions& rig, const std::string& rigPath = "") {
        source_ = buildFigure({});
        target_ = buildFigure(rig);
        session_.scene.add(
            bvhscope::scene::makeCharacter("take.bvh", "", documentOf(source_, kSourceFrames)));
        session_.scene.add(
            bvhscope::scene::makeCharacter("rig.bvh", rigPath, documentOf(target_, 1)));
    }
    void update(std::vector<Command> commands = {}) {
        updateSession(session_, std::move(commands), SessionFrame{1.5f, 0.0}, err_);
    }
    // Updates until no retargeting runs (at most 20 s).
    bool settle() {
        return pumpUntil([&] { update(); }, [&] { return !session_.retargeting.busy(); });
    }
    const bvh::Document& shown(std::size_t character) const {
        return session_.scene.characters()[character].clip->document;
    }
    // What `bvhscope retarget` makes of the pair with `map` (feet locked, its default).
    bvh::RetargetResult expected(const bvh::JointMap& map) const {
        const bvh::Document& source = shown(0);
        const bvh::Document& target = shown(1);
        const bvh::RigRoles sourceRoles = bvh::findRigRoles(source.skeleton);
        const bvh::RigRoles targetRoles = bvh::findRigRoles(target.skeleton);
        return bvh::retargetMotion({source.skeleton, source.motion, sourceRoles},
                                   {target.skeleton, target.motion, targetRoles}, map);
    }
    bvh::JointMap automaticMap() const {
        return bvh::matchJointsByRole(bvh::findRigRoles(shown(0).skeleton),
                                      bvh::findRigRoles(shown(1).skeleton));
    }
    bvh::NodeIndex targetJoint(const std::string& name) const {
        return shown(1).skeleton.find(name);
    }

    Figure source_;
    Figure target_;
    SessionState session_;
    std::ostringstream err_;
};

TEST_F(RetargetSession, MakesTheTargetsSkeletonWithTheSourcesFramesInTheTargetsColour) {
    openPair(bipedRig());
    const glm::vec4 targetColor{0.2f, 0.9f, 0.3f, 1.0f};
    update({command::SetColor{1, targetColor}, command::Retarget{0, 1}});
    ASSERT_TRUE(settle());
    update();
    ASSERT_EQ(session_.scene.characters().size(), 3u);
    const bvhscope::scene::Character& made = session_.scene.characters()[2];
    EXPECT_EQ(made.clip->displayName, "take onto rig.bvh");
    EXPECT_EQ(made.clip->document.skeleton.names, shown(1).skeleton.names);
    EXPECT_EQ(made.clip->document.skeleton.channels, shown(1).skeleton.channels);
    EXPECT_EQ(made.clip->document.motion.frameCount, kSourceFrames);
    EXPECT_DOUBLE_EQ(made.clip->document.motion.frameTime, shown(0).motion.frameTime);
    EXPECT_EQ(made.clip->document.motion.values, expected(automaticMap()).motion.values);
    EXPECT_EQ(made.appearance.color, targetColor);
    EXPECT_EQ(session_.infoCharacter, 2u);
    EXPECT_EQ(session_.retargeting.lastMessage, "Retargeted take onto rig.bvh (21 joints matched)");
    // Playing in sync: one timeline, as long as the source's.
    EXPECT_DOUBLE_EQ(session_.scene.duration(), shown(0).motion.frameTime * (kSourceFrames - 1));
}

TEST_F(RetargetSession, AnEditedRowMakesTheCharacterAgainInItsPlace) {
    openPair(bipedRig());
    update({command::Retarget{0, 1}});
    ASSERT_TRUE(settle());
    const std::vector<float> before = shown(2).motion.values;
    update({command::SetColor{2, glm::vec4(1.0f, 0.0f, 0.0f, 1.0f)}});
    const bvh::NodeIndex forearm = targetJoint("Bip01 L Forearm");
    update({command::SetRetargetSource{2, forearm, bvh::kNoParent}});
    ASSERT_TRUE(settle());
    update();
    ASSERT_EQ(session_.scene.characters().size(), 3u);
    bvh::JointMap edited = automaticMap();
    edited.sourceOf[static_cast<std::size_t>(forearm)] = bvh::kNoParent;
    EXPECT_EQ(shown(2).motion.values, expected(edited).motion.values);
    EXPECT_NE(shown(2).motion.values, before);
    EXPECT_EQ(session_.scene.characters()[2].appearance.color,
              glm::vec4(1.0f, 0.0f, 0.0f, 1.0f)); // its colour kept
    const RetargetedCharacter* record =
        session_.retargeting.find(session_.scene.characters()[2].clip.get());
    ASSERT_NE(record, nullptr);
    EXPECT_EQ(record->shownMap.sourceOf, edited.sourceOf);
}

TEST_F(RetargetSession, RefusesAPairWithoutHipsWithTheCommandLinesMessage) {
    FigureOptions bones;
    for (std::size_t j = 0; j < kFigureJoints; ++j) {
        bones.names[j] = "bone" + std::to_string(j);
    }
    openPair(bones);
    update({command::Retarget{0, 1}});
    ASSERT_TRUE(settle());
    EXPECT_EQ(session_.scene.characters().size(), 2u); // what it had
    const std::string message = session_.retargeting.lastMessage;
    EXPECT_TRUE(message.starts_with("bvhscope retarget: take.bvh onto rig.bvh: no hips matched; "
                                    "roles found in the source: hips, "))
        << message;
    EXPECT_NE(err_.str().find(message), std::string::npos);
    ASSERT_FALSE(session_.notices.items.empty());
    EXPECT_EQ(session_.notices.items.back().text, message);
}

TEST_F(RetargetSession, AnEditThatLosesTheHipsIsRefusedAndTheMapKept) {
    openPair(bipedRig());
    update({command::Retarget{0, 1}});
    ASSERT_TRUE(settle());
    const std::vector<float> before = shown(2).motion.values;
    update({command::SetRetargetSource{2, targetJoint("Bip01 Pelvis"), bvh::kNoParent}});
    ASSERT_TRUE(settle());
    EXPECT_NE(session_.retargeting.lastMessage.find("no hips matched"), std::string::npos);
    EXPECT_EQ(shown(2).motion.values, before);
    const RetargetedCharacter* record =
        session_.retargeting.find(session_.scene.characters()[2].clip.get());
    ASSERT_NE(record, nullptr);
    EXPECT_EQ(record->inputs.map.sourceOf, automaticMap().sourceOf);
}

TEST_F(RetargetSession, ASavedMapReadsBackToTheSameMotionAndNeverReplacesAnInput) {
    const ScratchFolder folder;
    const std::filesystem::path rigPath = folder.path() / "rig.bvh";
    openPair(bipedRig(), bvh::utf8FromPath(rigPath));
    { std::ofstream(rigPath) << "the rig's bytes"; }
    update({command::Retarget{0, 1}});
    ASSERT_TRUE(settle());
    update({command::SetRetargetSource{2, targetJoint("Bip01 R Calf"), bvh::kNoParent}});
    ASSERT_TRUE(settle());
    const std::filesystem::path mapPath = folder.path() / "take onto rig.map";
    update({command::SaveRetargetMap{2, bvh::utf8FromPath(mapPath)}});
    EXPECT_EQ(session_.retargeting.lastMessage,
              "Saved the joint map to " + bvh::utf8FromPath(mapPath));

    bvh::JointMap readBack = automaticMap();
    const bvh::JointMapFile file = bvh::loadJointMapFile(mapPath);
    EXPECT_TRUE(
        bvh::applyJointMapFile(file, shown(0).skeleton, shown(1).skeleton, readBack).empty());
    EXPECT_EQ(expected(readBack).motion.values, shown(2).motion.values);

    update({command::SaveRetargetMap{2, bvh::utf8FromPath(rigPath)}});
    EXPECT_NE(session_.retargeting.lastMessage.find("refusing to write over it"), std::string::npos)
        << session_.retargeting.lastMessage;
    std::ifstream rig(rigPath);
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(rig), {}), "the rig's bytes");
}

// File > Export writes it like any file: the rig's hierarchy with the take's frames, as BVH and
// as glTF.
TEST_F(RetargetSession, ExportsLikeAnyFile) {
    const ScratchFolder folder;
    openPair(bipedRig());
    update({command::Retarget{0, 1}});
    ASSERT_TRUE(settle());
    ExportSettings bvhExport;
    bvhExport.targetPath = bvh::utf8FromPath(folder.path() / "out.bvh");
    bvhExport.lastFrame = kSourceFrames - 1;
    update({command::Export{2, bvhExport}});
    ASSERT_TRUE(session_.exportDialog.result.has_value());
    EXPECT_TRUE(session_.exportDialog.result->ok) << session_.exportDialog.result->lines.front();
    const bvh::Document written = bvh::loadDocument(folder.path() / "out.bvh");
    ASSERT_TRUE(written.loaded());
    EXPECT_EQ(written.skeleton.names, shown(1).skeleton.names);
    EXPECT_EQ(written.motion.frameCount, kSourceFrames);

    ExportSettings gltfExport = bvhExport;
    gltfExport.format = ExportFormat::Gltf;
    gltfExport.targetPath = bvh::utf8FromPath(folder.path() / "out.glb");
    update({command::Export{2, gltfExport}});
    ASSERT_TRUE(session_.exportDialog.result.has_value());
    EXPECT_TRUE(session_.exportDialog.result->ok) << session_.exportDialog.result->lines.front();
    EXPECT_GT(std::filesystem::file_size(folder.path() / "out.glb"), 0u);
}

} // namespace
