#include "cli_test_support.h"

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
