#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/app/cli/cli_test_support.h"

#include <charconv>
#include <cmath>
#include <streambuf>

namespace bvhscope::cli {
namespace {

using test::run;

TEST(PositionsCommand, WritesHandDerivedPositionsAsCsv) {
    test::TemporaryDirectory directory;
    std::string file = directory.write("chain.bvh", test::kChainBvh);
    auto result = run(runPositions, {file});
    ASSERT_EQ(result.status, 0) << result.err;
    // Frame 0: root (10,20,30) with Rz(90); Spine = root + Rz(90)(1,2,3) = (8,21,33);
    // End = Spine + Rz(90)Rx(90)(0,1,0) = Spine + (0,0,1). Frame 1: no rotation.
    EXPECT_EQ(result.out, "frame,joint,x,y,z\n"
                          "0,Hips,10,20,30\n"
                          "0,Spine,8,21,33\n"
                          "0,EndSite_Spine,8,21,34\n"
                          "1,Hips,10,20,30\n"
                          "1,Spine,11,22,33\n"
                          "1,EndSite_Spine,11,23,33\n");
}

TEST(PositionsCommand, FrameRangeAndTranslationMode) {
    test::TemporaryDirectory directory;
    std::string text(test::kChainBvh);
    text.replace(text.find("OFFSET 0 0 0"), 12, "OFFSET 1 1 1");
    std::string file = directory.write("chain.bvh", text);
    auto additive = run(runPositions, {file, "--frames", "1:", "--translation", "additive"});
    ASSERT_EQ(additive.status, 0);
    EXPECT_EQ(additive.out.rfind("frame,joint,x,y,z\n1,Hips,11,21,31\n", 0), 0u) << additive.out;
    auto absolute = run(runPositions, {file, "--frames=1", "--translation=absolute"});
    EXPECT_NE(absolute.out.find("1,Hips,10,20,30\n"), std::string::npos);
    EXPECT_EQ(absolute.out.find("0,Hips"), std::string::npos);
}

TEST(PositionsCommand, NumbersAreTheShortestTextOfTheFloat) {
    test::TemporaryDirectory directory;
    std::string file = directory.write(
        "precise.bvh", "HIERARCHY\nROOT R\n{\nOFFSET 0.1 0.2 1e-7\nCHANNELS 0\n}\n");
    auto result = run(runPositions, {file});
    ASSERT_EQ(result.status, 0);
    EXPECT_EQ(result.out, "frame,joint,x,y,z\n0,R,0.1,0.2,1e-07\n");
}

TEST(PositionsCommand, NamesWithCommasAreQuoted) {
    test::TemporaryDirectory directory;
    std::string file = directory.write(
        "comma.bvh", "HIERARCHY\nROOT Hip, \"left\"\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\n");
    auto result = run(runPositions, {file});
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("0,\"Hip, \"\"left\"\"\",0,0,0\n"), std::string::npos) << result.out;
}

// Many frames: the output crosses the writer's 1 MiB chunks several times and must equal, byte
// for byte, the rows formatted one by one from the free functions' world transforms.
TEST(PositionsCommand, LongOutputEqualsRowByRowFormatting) {
    std::string text(test::kChainBvh);
    text.replace(text.find("Frames: 2"), 9, "Frames: 30000");
    text.erase(text.find("Frame Time: 0.5\n") + 16);
    for (int frame = 0; frame < 30000; ++frame) {
        // Angles and positions varying per frame, so every row differs.
        const double t = frame * 0.37;
        text += std::to_string(10 + frame % 7) + " " + std::to_string(20 - t) + " 30 " +
                std::to_string(std::fmod(t * 13, 360.0)) + " " + std::to_string(t) + " -45 " +
                std::to_string(-t * 3) + " 90.5 " + std::to_string(std::fmod(t, 180.0)) + "\n";
    }
    test::TemporaryDirectory directory;
    const std::string file = directory.write("long.bvh", text);
    auto result = run(runPositions, {file, "--translation", "absolute"});
    ASSERT_EQ(result.status, 0) << result.err;
    ASSERT_GT(result.out.size(), 3u << 20);

    bvh::Document document = bvh::parseDocument(text);
    ASSERT_TRUE(document.loaded());
    std::string expected = "frame,joint,x,y,z\n";
    std::vector<bvh::RigidTransform> local(document.skeleton.nodeCount());
    std::vector<bvh::RigidTransform> world(document.skeleton.nodeCount());
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        bvh::computeLocalTransforms(document.skeleton, document.motion.frame(frame),
                                    bvh::TranslationMode::Absolute, local);
        bvh::computeWorldTransforms(document.skeleton, local, world);
        for (std::size_t node = 0; node < world.size(); ++node) {
            expected += std::to_string(frame) + "," + document.skeleton.names[node];
            for (int axis = 0; axis < 3; ++axis) {
                char number[32];
                auto [end, error] =
                    std::to_chars(number, number + sizeof number,
                                  static_cast<float>(world[node].translation[axis]));
                expected += ',';
                expected.append(number, end);
            }
            expected += '\n';
        }
    }
    ASSERT_EQ(result.out.size(), expected.size());
    EXPECT_TRUE(result.out == expected);
}

// A stream that refuses every write, as a full disk or closed pipe does.
class FailingBuffer : public std::streambuf {
protected:
    std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
    int_type overflow(int_type) override { return traits_type::eof(); }
};

TEST(PositionsCommand, AFailedWriteIsAnError) {
    test::TemporaryDirectory directory;
    const std::string file = directory.write("chain.bvh", test::kChainBvh);
    const std::vector<std::string_view> arguments = {file};
    FailingBuffer failing;
    std::ostream out(&failing);
    std::ostringstream err;
    EXPECT_EQ(runPositions(arguments, out, err), 1);
    EXPECT_NE(err.str().find("bvhscope positions: cannot write the output"), std::string::npos)
        << err.str();
}

TEST(PositionsCommand, CoordinatesThatAreNotFiniteAreNeverWrittenWithoutAWarning) {
    // Spine 3e38 above the root, its End Site 3e38 above that: 6e38 is an infinite float.
    std::string text(test::kChainBvh);
    text.replace(text.find("OFFSET 1 2 3"), 12, "OFFSET 0 3e38 0");
    text.replace(text.find("OFFSET 0 1 0"), 12, "OFFSET 0 3e38 0");
    test::TemporaryDirectory directory;
    const std::string file = directory.write("far.bvh", text);
    const auto result = run(runPositions, {file, "--translation", "absolute"});
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find(",EndSite_Spine,"), std::string::npos);
    EXPECT_NE(result.out.find("inf"), std::string::npos) << result.out;
    // The reader's warning where the chain leaves the range, and the command's count.
    EXPECT_NE(result.err.find(file + ":10:3: warning: world positions of 'EndSite_Spine'"),
              std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("coordinates written are not finite floats"), std::string::npos)
        << result.err;
    // An ordinary file has neither.
    const auto ordinary = run(runPositions, {directory.write("chain.bvh", test::kChainBvh)});
    EXPECT_EQ(ordinary.err, "");
}

TEST(PositionsCommand, BadInputs) {
    test::TemporaryDirectory directory;
    std::string file = directory.write("chain.bvh", test::kChainBvh);
    EXPECT_EQ(run(runPositions, {file, "--frames", "5:"}).status, 2);
    EXPECT_EQ(run(runPositions, {file, "--frames", "x"}).status, 2);
    EXPECT_EQ(run(runPositions, {file, file}).status, 2);
    auto broken = run(runPositions, {directory.write("bad.bvh", "MOTION\n")});
    EXPECT_EQ(broken.status, 1);
    EXPECT_TRUE(broken.out.empty());
    EXPECT_NE(broken.err.find(":1:1: error: expected HIERARCHY"), std::string::npos);
}

} // namespace
} // namespace bvhscope::cli
