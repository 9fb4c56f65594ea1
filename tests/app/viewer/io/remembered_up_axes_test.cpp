#include "app/viewer/io/remembered_up_axes.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

TEST(RememberedUpAxes, RemembersByNormalisedAbsolutePath) {
    RememberedUpAxes remembered;
    EXPECT_TRUE(remembered.empty());
    remembered.remember("/captures/zoo/../zoo/crab.bvh", UpAxisChoice::NegativeX);
    EXPECT_EQ(remembered.find("/captures/zoo/crab.bvh"), UpAxisChoice::NegativeX);
    EXPECT_FALSE(remembered.find("/captures/zoo/elephant.bvh").has_value())
        << "one file's choice never changes another's";
    const std::string relative = "walk.bvh";
    remembered.remember(relative, UpAxisChoice::Auto);
    EXPECT_EQ(remembered.find((std::filesystem::current_path() / relative).string()),
              UpAxisChoice::Auto);
    remembered.forget("/captures/zoo/crab.bvh");
    EXPECT_FALSE(remembered.find("/captures/zoo/crab.bvh").has_value());
    remembered.remember("/odd\nname.bvh", UpAxisChoice::PositiveZ);
    EXPECT_FALSE(remembered.find("/odd\nname.bvh").has_value()) << "would split its line";
}

TEST(RememberedUpAxes, RoundTripsAndSkipsWhatItCannotRead) {
    RememberedUpAxes remembered;
    for (const UpAxisChoice choice : kUpAxisChoices) {
        remembered.remember("/c/" + std::string(upAxisChoiceName(choice)) + ".bvh", choice);
    }
    const RememberedUpAxes read = RememberedUpAxes::parse(remembered.serialize());
    for (const UpAxisChoice choice : kUpAxisChoices) {
        EXPECT_EQ(read.find("/c/" + std::string(upAxisChoiceName(choice)) + ".bvh"), choice)
            << upAxisChoiceName(choice);
    }
    // The file holds keys (absolute: "/b.bvh" on Linux, "C:\\b.bvh" on Windows).
    const std::string b = RememberedUpAxes::keyOf("/b.bvh");
    const std::string cd = RememberedUpAxes::keyOf("/c d.bvh");
    const RememberedUpAxes odd =
        RememberedUpAxes::parse("sideways\t" + RememberedUpAxes::keyOf("/a.bvh") + "\n\n+Z\n+Y\t" +
                                b + "\r\nno tab\n-Z\t" + cd);
    EXPECT_FALSE(odd.find("/a.bvh").has_value());
    EXPECT_EQ(odd.find("/b.bvh"), UpAxisChoice::PositiveY);
    EXPECT_EQ(odd.find("/c d.bvh"), UpAxisChoice::NegativeZ);
}

class RememberedUpAxesFile : public bvh::test::ScratchDirectoryTest {};

TEST_F(RememberedUpAxesFile, SavesAndLoads) {
    const std::filesystem::path file = directory_ / "config" / "up_axes.tsv";
    EXPECT_TRUE(RememberedUpAxes::load(file).empty()) << "a missing file remembers nothing";
    RememberedUpAxes remembered;
    remembered.remember("/captures/elephant.bvh", UpAxisChoice::PositiveY);
    ASSERT_TRUE(remembered.save(file));
    EXPECT_EQ(RememberedUpAxes::load(file).find("/captures/elephant.bvh"), UpAxisChoice::PositiveY);
}

} // namespace
