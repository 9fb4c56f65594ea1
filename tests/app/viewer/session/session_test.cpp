// The session model (app/viewer/session/session.h) driven by the commands a user's clicks and
// keys push, with no window, GL or ImGui: removing and putting back files with every index that
// points at them, load polling, remembered up axes, where a dropped file goes, framing.
#include "app/media/media_features.h"
#include "app/viewer/session/session.h"
#include "core/platform/utf8_path.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/app/viewer/session/slide_capture.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/support/bvh_texts.h"

#include <functional>
#include <gtest/gtest.h>
#include <sstream>
#include <string>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;
using bvhscope::folder_test::kBrokenBvh;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

// One root that moves 10 units along X per frame over 3 frames (0, 10, 20), a joint 10 units
// above it (slide_capture.h): positions at any time are easy to derive.
using bvhscope::viewer::test::kSlide;

Character slideCharacter(const std::string& name, const std::string& path = "") {
    return makeCharacter(name, path, bvh::parseDocument(kSlide));
}

class Session : public testing::Test {
protected:
    // Three files open, as loaded ones are, named a, b and c.
    void openThree() {
        for (const char* name : {"a", "b", "c"}) {
            session_.scene.add(slideCharacter(name));
        }
    }
    std::string names() const {
        std::string text;
        for (const Character& character : session_.scene.characters()) {
            text += character.clip->displayName;
        }
        return text;
    }
    void update(std::vector<Command> commands = {}, double wallSeconds = 0.0) {
        updateSession(session_, std::move(commands), SessionFrame{1.5f, wallSeconds}, err_);
    }
    // Updates until nothing is being read (at most 20 s).
    bool settle() {
        return pumpUntil([&] { update(); }, [&] { return !session_.loads.busy(session_.scene); });
    }
    // The one notice posted so far is `text`, and it was said on the error stream too.
    void expectOnlyNotice(const std::string& text) {
        ASSERT_EQ(session_.notices.items.size(), 1u);
        EXPECT_EQ(session_.notices.items.front().text, text);
        EXPECT_EQ(err_.str(), "bvhscope: " + text + "\n");
    }

    SessionState session_;
    std::ostringstream err_;
};

// [SECTION] A file's look (issue 43, CHARACTER): the Files panel's colour and checkbox

TEST_F(Session, SetColorAndSetVisibleChangeOnlyTheFileNamed) {
    openThree();
    const glm::vec4 bColor = session_.scene.characters()[1].appearance.color;
    update({command::SetColor{0, glm::vec4(0.1f, 0.2f, 0.3f, 1.0f)}, command::SetVisible{2, false},
            command::SetColor{7, glm::vec4(1.0f)}, command::SetVisible{7, false}});
    const std::vector<Character>& characters = session_.scene.characters();
    EXPECT_EQ(characters[0].appearance.color, glm::vec4(0.1f, 0.2f, 0.3f, 1.0f));
    EXPECT_EQ(characters[1].appearance.color, bColor);
    EXPECT_TRUE(characters[0].appearance.visible);
    EXPECT_TRUE(characters[1].appearance.visible);
    EXPECT_FALSE(characters[2].appearance.visible);
    update({command::SetVisible{2, true}});
    EXPECT_TRUE(session_.scene.characters()[2].appearance.visible);
}

TEST_F(Session, SetFramesPerSecondPlaysTheNamedFileAtThatRateAndRefusesOneOutOfRange) {
    openThree();
    update({command::SetFramesPerSecond{1, 4.0}, command::SetFramesPerSecond{0, -1.0},
            command::SetFramesPerSecond{9, 4.0}});
    const std::vector<Character>& characters = session_.scene.characters();
    EXPECT_DOUBLE_EQ(frameTimeInUse(characters[1]), 0.25); // 1 / 4 fps
    EXPECT_DOUBLE_EQ(frameTimeInUse(characters[0]), 1.0);  // the file's Frame Time: refused
    EXPECT_FALSE(characters[0].playRate.framesPerSecondOverride);
    update({command::SetFramesPerSecond{1, std::nullopt}});
    EXPECT_DOUBLE_EQ(frameTimeInUse(session_.scene.characters()[1]), 1.0);
}

// [SECTION] Remove and undo

TEST_F(Session, RemovingAFileMovesTheIndicesThatPointPastIt) {
    openThree();
    session_.selection = Selection{2, 1}; // c's Head
    session_.infoCharacter = 2;
    update({command::Remove{1}});
    EXPECT_EQ(names(), "ac");
    ASSERT_TRUE(session_.selection);
    EXPECT_EQ(session_.selection->character, 1u);
    EXPECT_EQ(session_.selection->node, 1);
    EXPECT_EQ(session_.infoCharacter, 1u);
}

TEST_F(Session, RemovingTheSelectedFileClearsTheSelection) {
    openThree();
    session_.selection = Selection{1, 0};
    update({command::Remove{1}});
    EXPECT_FALSE(session_.selection);
}

TEST_F(Session, UndoPutsTheFileBackWhereItWasAndTheIndicesFollow) {
    openThree();
    const glm::vec4 colorOfB = session_.scene.characters()[1].appearance.color;
    session_.selection = Selection{2, 0};
    update({command::Remove{1}});
    ASSERT_EQ(session_.selection->character, 1u);
    update({command::UndoRemove{}});
    EXPECT_EQ(names(), "abc");
    EXPECT_EQ(session_.scene.characters()[1].appearance.color, colorOfB);
    EXPECT_EQ(session_.selection->character, 2u); // c again
    EXPECT_EQ(session_.infoCharacter, 1u);        // the file put back
    EXPECT_TRUE(session_.removedCharacters.empty());
}

TEST_F(Session, CommandsApplyInTheOrderTheyWerePushed) {
    openThree();
    // Remove a, then (indices as they are then) remove c, then put c back.
    update({command::Remove{0}, command::Remove{1}, command::UndoRemove{}});
    EXPECT_EQ(names(), "bc");
}

TEST_F(Session, UndoKeepsOnlyTheLastRemovals) {
    for (std::size_t i = 0; i < kUndoableRemovals + 2; ++i) {
        session_.scene.add(slideCharacter(std::to_string(i)));
    }
    for (std::size_t i = 0; i < kUndoableRemovals + 2; ++i) {
        update({command::Remove{0}});
    }
    EXPECT_EQ(session_.removedCharacters.size(), kUndoableRemovals);
    for (std::size_t i = 0; i < kUndoableRemovals + 2; ++i) {
        update({command::UndoRemove{}});
    }
    // The two removed first are gone for good: files 0 and 1.
    EXPECT_EQ(names(), "23456789");
}

TEST_F(Session, ARemoveOfAFileNoLongerThereDoesNothing) {
    openThree();
    update({command::Remove{7}, command::UndoRemove{}});
    EXPECT_EQ(names(), "abc");
}

// [SECTION] Loads

TEST_F(Session, AnOpenedFileArrivesAsTheInfoPanelsFile) {
    ScratchFolder folder;
    const auto path = folder.write("slide.bvh", kSlide);
    openThree();
    update({command::Open{{bvh::utf8FromPath(path)}}});
    ASSERT_TRUE(settle());
    ASSERT_EQ(session_.scene.characters().size(), 4u);
    EXPECT_EQ(session_.scene.characters().back().clip->displayName, "slide.bvh");
    EXPECT_EQ(session_.infoCharacter, 3u);
    EXPECT_EQ(session_.scene.characters().back().clip->document.motion.frameCount, 3u);
    EXPECT_TRUE(session_.errorLines.empty());
}

// Issue 38: a chain whose every joint lands on one point (bvh_texts.h) shows nothing in the
// view, and a notice (and stderr) says why. The slide, an ordinary file opened with it, gets none.
TEST_F(Session, AFigureBelowThePrecisionOfItsPlaceIsNoticedWhenItsFileArrives) {
    ScratchFolder folder;
    const auto dwarfed = folder.write("dwarfed.bvh", std::string(bvh::test::kDwarfedChainBvh));
    const auto slide = folder.write("slide.bvh", kSlide);
    update({command::Open{{bvh::utf8FromPath(slide), bvh::utf8FromPath(dwarfed)}}});
    ASSERT_TRUE(settle());
    ASSERT_EQ(session_.scene.characters().size(), 2u);
    const std::string expected = "dwarfed.bvh: figure 0 tall (2e-30 at rest: below the precision "
                                 "of its place, every joint lands on one point): the view shows "
                                 "no figure";
    expectOnlyNotice(expected);
    EXPECT_TRUE(session_.errorLines.empty());
}

// The page's reading task takes a file the moment its last byte is read (takeFinishedLoads),
// before any frame: the file is loaded, the Info panel's, and framed from its front by the
// next frame's camera work, as a frame's own update would have done.
TEST_F(Session, TakingFinishedLoadsOutsideAFrameLoadsAndFramesTheFile) {
    ScratchFolder folder;
    const auto path = folder.write("slide.bvh", kSlide);
    openThree();
    session_.settings.frameOnLoad = true;
    // Opened as the Open command does, but read to its end before any update sees it.
    session_.loads.open(bvh::utf8FromPath(path));
    ASSERT_TRUE(pumpUntil([] {}, [&] { return !session_.loads.reading(session_.scene); }));
    ASSERT_TRUE(session_.scene.characters().size() == 3u && !session_.framing.figures);
    takeFinishedLoads(session_, err_);
    EXPECT_FALSE(session_.loads.busy(session_.scene));
    ASSERT_EQ(session_.scene.characters().size(), 4u);
    EXPECT_FALSE(session_.scene.characters().back().loading());
    EXPECT_EQ(session_.scene.characters().back().clip->document.motion.frameCount, 3u);
    EXPECT_EQ(session_.infoCharacter, 3u);
    EXPECT_TRUE(session_.framing.figures);
    EXPECT_TRUE(session_.framing.turnToFront);
    EXPECT_TRUE(session_.errorLines.empty());
}

TEST_F(Session, TakingAFailedLoadOutsideAFrameReportsItAtItsPosition) {
    ScratchFolder folder;
    const auto path = folder.write("broken.bvh", kBrokenBvh);
    openThree();
    update({command::Open{{bvh::utf8FromPath(path)}}});
    ASSERT_TRUE(pumpUntil([] {}, [&] { return !session_.loads.reading(session_.scene); }));
    takeFinishedLoads(session_, err_);
    EXPECT_FALSE(session_.loads.busy(session_.scene));
    EXPECT_EQ(names(), "abc");
    ASSERT_FALSE(session_.errorLines.empty());
    EXPECT_NE(session_.errorLines.front().find("broken.bvh:5:3: error:"), std::string::npos)
        << session_.errorLines.front();
}

TEST_F(Session, AFileThatFailsIsReportedAndWhatWasOpenStays) {
    ScratchFolder folder;
    const auto path = folder.write("broken.bvh", kBrokenBvh);
    openThree();
    update({command::Open{{bvh::utf8FromPath(path)}}});
    ASSERT_TRUE(settle());
    EXPECT_EQ(names(), "abc");
    ASSERT_FALSE(session_.errorLines.empty());
    EXPECT_TRUE(session_.openErrorPopup);
    // FILE:LINE:COL: the third OFFSET number is missing where CHANNELS comes.
    EXPECT_NE(session_.errorLines.front().find("broken.bvh:5:3: error:"), std::string::npos)
        << session_.errorLines.front();
    EXPECT_NE(err_.str().find("broken.bvh:5:3: error:"), std::string::npos);
}

TEST_F(Session, AMissingFileIsReportedWithItsName) {
    update({command::Open{{"/nonexistent/bvhscope/walk.bvh"}}});
    ASSERT_TRUE(settle());
    EXPECT_TRUE(session_.scene.empty());
    ASSERT_FALSE(session_.errorLines.empty());
    EXPECT_NE(session_.errorLines.front().find("walk.bvh"), std::string::npos);
}

// [SECTION] Where an opened file goes

TEST_F(Session, ASoundFileBecomesTheSoundNotACharacter) {
    update({command::Open{{"/nonexistent/bvhscope/take.wav"}}});
    EXPECT_TRUE(session_.loads.waiting().empty());
    EXPECT_FALSE(session_.loads.busy(session_.scene));
    ASSERT_TRUE(pumpUntil([&] { update(); }, [&] { return !session_.audio.loading(); }));
    EXPECT_TRUE(session_.scene.empty());
    // The sound's own error (no such file, or a build without sound), in the popup: no
    // character was attempted.
    ASSERT_EQ(session_.errorLines.size(), 1u);
    EXPECT_EQ(session_.errorLines.front(), session_.audio.error());
    if (!bvhscope::media::soundAvailable()) {
        EXPECT_NE(session_.errorLines.front().find("no sound"), std::string::npos);
    }
}

TEST_F(Session, AFolderOpensInTheBrowser) {
    ScratchFolder folder;
    folder.write("slide.bvh", kSlide);
    update({command::Open{{bvh::utf8FromPath(folder.path())}}});
    EXPECT_TRUE(session_.folder.isOpen());
    EXPECT_EQ(session_.folder.folder(), folder.path());
}

// [SECTION] Remembered up axes

TEST_F(Session, AFileTakesTheUpAxisRememberedForItsPath) {
    ScratchFolder folder;
    const auto path = folder.write("slide.bvh", kSlide);
    session_.rememberedUpAxes.remember(bvh::utf8FromPath(path), UpAxisChoice::PositiveZ);
    update({command::Open{{bvh::utf8FromPath(path)}}});
    ASSERT_TRUE(settle());
    ASSERT_EQ(session_.scene.characters().size(), 1u);
    const Character& character = session_.scene.characters().front();
    EXPECT_EQ(character.axes.upAxisOverride, UpAxisChoice::PositiveZ);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveZ);
}

TEST_F(Session, RememberingKeepsTheFilesAxisAndForgettingDropsIt) {
    ScratchFolder folder;
    session_.rememberedUpAxesFile = folder.path() / "up_axes.tsv";
    session_.scene.add(slideCharacter("slide.bvh", "/captures/slide.bvh"));
    update({command::SetUpAxis{0, UpAxisChoice::NegativeX}, command::RememberUpAxis{0, true}});
    EXPECT_EQ(session_.rememberedUpAxes.find("/captures/slide.bvh"), UpAxisChoice::NegativeX);
    EXPECT_EQ(RememberedUpAxes::load(*session_.rememberedUpAxesFile).find("/captures/slide.bvh"),
              UpAxisChoice::NegativeX);
    // A remembered file keeps what is chosen next.
    update({command::SetUpAxis{0, UpAxisChoice::PositiveY}});
    EXPECT_EQ(session_.rememberedUpAxes.find("/captures/slide.bvh"), UpAxisChoice::PositiveY);
    update({command::RememberUpAxis{0, false}});
    EXPECT_FALSE(session_.rememberedUpAxes.find("/captures/slide.bvh"));
    EXPECT_FALSE(
        RememberedUpAxes::load(*session_.rememberedUpAxesFile).find("/captures/slide.bvh"));
}

TEST_F(Session, ANewDefaultAxisLeavesTheFilesOpenAsTheyAre) {
    openThree();
    const bvh::UpAxis before = session_.scene.characters()[0].axes.upAxis;
    update({command::SetDefaultAxes{UpAxisChoice::PositiveX, UnitChoice::Auto}});
    EXPECT_EQ(session_.settings.upAxis, UpAxisChoice::PositiveX);
    for (const Character& character : session_.scene.characters()) {
        EXPECT_EQ(character.axes.upAxis, before);
        EXPECT_EQ(character.axes.upAxisOverride, UpAxisChoice::Auto);
    }
}

// Issue 38: a unit chosen in the Settings panel that makes a figure too large to draw in
// floats says so, as on loading (main drew nothing and said nothing). A chain 2e22 units tall
// is shown at human height in the unknown unit; in metres it is 2e22 m.
TEST_F(Session, ADefaultUnitThatMakesAFigureTooLargeToDrawSaysSo) {
    const std::string text =
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition "
        "Zrotation Xrotation Yrotation\nJOINT Chest\n{\nOFFSET 0 1e22 0\nCHANNELS 3 Zrotation "
        "Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 1e22 0\n}\n}\n}\nMOTION\nFrames: 2\n"
        "Frame Time: 0.04\n0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 0\n";
    session_.scene.add(makeCharacter("huge.bvh", "", bvh::parseDocument(text)));
    update({command::SetDefaultAxes{UpAxisChoice::Auto, UnitChoice::Centimetre}});
    const std::string expected = "huge.bvh: figure 2e+20 m tall in cm, over the 2e+18 m that "
                                 "can be drawn in floats (the unit Auto shows it at human "
                                 "height): the view shows no figure";
    expectOnlyNotice(expected);
    update({command::SetDefaultAxes{UpAxisChoice::Auto, UnitChoice::Auto}});
    EXPECT_EQ(session_.notices.items.size(), 1u) << "human height: nothing more to say";
}

// [SECTION] The live pose and framing

TEST_F(Session, EachUpdateSamplesTheLivePoseAtThePlaybackTime) {
    session_.scene.add(slideCharacter("a"));
    session_.settings.interpolate = true;
    update();
    session_.playback.seek(1.5); // halfway between X = 10 and X = 20
    update();
    const std::vector<glm::vec3>* positions = session_.scene.positionsIn(session_.pose, 0);
    ASSERT_NE(positions, nullptr);
    const Character& character = session_.scene.characters()[0];
    // Unknown unit: shown at 1.7 m, so 15 file units are 15 * scale viewer metres along X.
    const double scale = glm::length(glm::dvec3(character.axes.fileToViewer[0]));
    EXPECT_NEAR((*positions)[0].x, 15.0 * scale + character.arrangement.placement.x, 1e-4);
}

TEST_F(Session, TheRestPoseIsSampledWhenItIsShown) {
    session_.scene.add(slideCharacter("a"));
    session_.playback.setClip(session_.scene.duration(), session_.scene.frameTime());
    session_.playback.seek(2.0); // X = 20 in the animation
    session_.analysis.showRestPose = true;
    update();
    const std::vector<glm::vec3>* positions = session_.scene.positionsIn(session_.pose, 0);
    ASSERT_NE(positions, nullptr);
    EXPECT_NEAR((*positions)[0].x, session_.scene.characters()[0].arrangement.placement.x, 1e-5);
}

TEST_F(Session, FrameClipFramesEveryFileAndStopsFollowing) {
    openThree();
    update({command::FrameFigures{true}});
    EXPECT_TRUE(session_.follow.active());
    const glm::vec3 followed = session_.camera.target;
    update({command::FrameClip{}});
    EXPECT_FALSE(session_.follow.active());
    const bvhscope::render::Bounds bounds = session_.scene.motionBounds();
    EXPECT_NEAR(session_.camera.target.x, bounds.center().x, 1e-4);
    EXPECT_NE(session_.camera.target, followed);
}

TEST_F(Session, FocusFramesOneFileAndShowsItsFacts) {
    openThree();
    update({command::Focus{2}});
    EXPECT_EQ(session_.infoCharacter, 2u);
    EXPECT_NEAR(session_.camera.target.x, session_.scene.motionBounds(2).center().x, 1e-4);
}

TEST_F(Session, ResetCameraKeepsTheFieldOfView) {
    openThree();
    session_.camera.verticalFovRadians = 1.0f;
    session_.camera.yawRadians = 2.5f;
    update({command::ResetCamera{}});
    EXPECT_FLOAT_EQ(session_.camera.verticalFovRadians, 1.0f);
    EXPECT_TRUE(session_.follow.active()); // reset, then framed and followed
}

// [SECTION] Foot contacts shown in the Settings panel

// The Settings panel reads the Info file's contact analysis from the overlay builder without
// computing it: the session keeps it analysed while contacts are shown, hidden files included
// (the view's overlays analyse only the files drawn).
TEST_F(Session, TheInfoFilesFootContactsAreKeptWhileShown) {
    std::string standing = std::string(bvh::test::kFeetAndHeadHierarchy) +
                           "Frames: 3\nFrame Time: 0.0333333333\n0 90 0\n0 90 0\n0 90 0\n";
    session_.scene.add(slideCharacter("a"));
    session_.scene.add(makeCharacter("feet", "", bvh::parseDocument(standing)));
    const OverlayOptions options = overlayOptions(session_.settings);
    const Character& feet = session_.scene.characters()[1];
    update({command::ShowInfo{1}, command::SetVisible{1, false}});
    EXPECT_EQ(session_.overlays.keptFootContacts(feet, options.contactThresholds), nullptr)
        << "not shown: nothing analysed";
    ViewerSettings shown = session_.settings;
    shown.showFootContacts = true;
    update({command::ChangeSettings{session_.settings, shown}});
    const CharacterFootContacts* contacts = session_.overlays.keptFootContacts(
        session_.scene.characters()[1], overlayOptions(session_.settings).contactThresholds);
    ASSERT_NE(contacts, nullptr);
    EXPECT_EQ(contacts->analysis.feet.size(), 2u);
    EXPECT_EQ(contacts->analysis.frameCount, 3u);
}

// [SECTION] The body look

// A biped whose head End Site is 1 cm long (bvh::test::armsDownBiped): its joints end at
// y = 163, its body's head about 20 cm higher. Framed on load as capsules, then its body built in
// the background as the viewer's frame loop asks (requestBodies); returns the camera's distance
// at the load's framing, and leaves the session updated until the body is ready.
float frameThenBuildBody(SessionState& session, const std::function<void()>& update,
                         bool userMovesCamera) {
    session.scene.add(
        makeCharacter("biped", "", bvh::parseDocument(bvh::test::armsDownBiped(1.0).text())));
    std::ostringstream err;
    updateSession(session, {command::FrameFigures{true}}, SessionFrame{1.5f, 0.0}, err);
    const float framedDistance = session.camera.distance;
    if (userMovesCamera) {
        session.follow.noteUserMoved();
    }
    requestBodies(session.scene, BodyBuild::Wait::No);
    EXPECT_TRUE(pumpUntil(update, [&] { return !bodiesBuilding(session.scene); }));
    update(); // the update after the body arrived, whenever the build ended
    return framedDistance;
}

TEST_F(Session, ABodyThatArrivesIsFramedWhileTheCameraIsTheAutomaticOne) {
    const float framed = frameThenBuildBody(
        session_, [&] { update(); }, false);
    ASSERT_TRUE(session_.scene.characters()[0].appearance.body->ready());
    // The head adds about 20 cm to a 162 cm figure: the camera steps back to hold it.
    EXPECT_GT(session_.camera.distance, 1.05f * framed);
    EXPECT_TRUE(session_.follow.framingKept());
}

TEST_F(Session, ABodyThatArrivesLeavesACameraTheUserMoved) {
    const float framed = frameThenBuildBody(
        session_, [&] { update(); }, true);
    ASSERT_TRUE(session_.scene.characters()[0].appearance.body->ready());
    EXPECT_FLOAT_EQ(session_.camera.distance, framed);
}

} // namespace

namespace {

// [SECTION] Exports remember their folder (issue 42)

TEST_F(Session, AnExportRemembersItsFolderForItsKindOnly) {
    ScratchFolder folder;
    std::filesystem::create_directories(folder.path() / "bvh");
    std::filesystem::create_directories(folder.path() / "gltf");
    session_.scene.add(slideCharacter("a"));
    session_.settings.exportFolderGltf = "/elsewhere";
    ExportSettings settings;
    settings.lastFrame = 2;
    settings.targetPath = bvh::utf8FromPath(folder.path() / "bvh" / "a_export.bvh");
    update({command::Export{0, settings}});
    ASSERT_TRUE(session_.exportDialog.result && session_.exportDialog.result->ok);
    EXPECT_EQ(session_.settings.exportFolderBvh, bvh::utf8FromPath(folder.path() / "bvh"));
    EXPECT_EQ(session_.settings.exportFolderGltf, "/elsewhere") << "another kind's stays";
    settings.format = ExportFormat::Gltf;
    settings.targetPath = bvh::utf8FromPath(folder.path() / "gltf" / "a_export.glb");
    update({command::Export{0, settings}});
    ASSERT_TRUE(session_.exportDialog.result && session_.exportDialog.result->ok);
    EXPECT_EQ(session_.settings.exportFolderGltf, bvh::utf8FromPath(folder.path() / "gltf"));
    // A failed export remembers nothing.
    settings.targetPath = bvh::utf8FromPath(folder.path() / "none" / "x" / "a.glb");
    update({command::Export{0, settings}});
    EXPECT_EQ(session_.settings.exportFolderGltf, bvh::utf8FromPath(folder.path() / "gltf"));
}

} // namespace
