// Listing a folder's captures: .bvh in any case, natural order, subfolders on request.
#include "app/folder/folder_listing.h"
#include "tests/app/folder/folder_test_support.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <vector>

using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using bvhscope::folder_test::ScratchFolder;

namespace {

std::vector<std::string> names(const FolderListing& listing) {
    std::vector<std::string> result;
    for (const auto& file : listing.files) {
        result.push_back(file.lexically_relative(listing.folder).generic_string());
    }
    return result;
}

TEST(NaturalOrder, NumbersCompareByValue) {
    EXPECT_TRUE(naturalLess("walk2.bvh", "walk10.bvh"));
    EXPECT_FALSE(naturalLess("walk10.bvh", "walk2.bvh"));
    EXPECT_TRUE(naturalLess("take9_v2", "take10_v1"));
    EXPECT_TRUE(naturalLess("take10_v2", "take10_v11"));
    // Runs longer than any integer type.
    EXPECT_TRUE(naturalLess("a99999999999999999999999", "a100000000000000000000000"));
}

TEST(NaturalOrder, CaseIsIgnoredButTiesStillHaveAnOrder) {
    EXPECT_TRUE(naturalLess("Walk1.BVH", "walk2.bvh"));
    EXPECT_TRUE(naturalLess("apple", "Banana"));
    // Equal but for case: ordered by bytes, never equivalent.
    EXPECT_NE(naturalLess("Walk", "walk"), naturalLess("walk", "Walk"));
    EXPECT_FALSE(naturalLess("walk", "walk"));
}

TEST(NaturalOrder, LeadingZerosAndPrefixes) {
    EXPECT_TRUE(naturalLess("take7", "take007")); // equal value: fewer zeros first
    EXPECT_FALSE(naturalLess("take007", "take7"));
    EXPECT_TRUE(naturalLess("take007", "take8"));
    EXPECT_TRUE(naturalLess("walk", "walk1"));
    EXPECT_TRUE(naturalLess("walk", "walk_fast"));
    std::vector<std::string> files = {"x10", "x9", "x010", "x1", "X2", "x", "x0"};
    std::sort(files.begin(), files.end(), naturalLess);
    EXPECT_EQ(files, (std::vector<std::string>{"x", "x0", "x1", "X2", "x9", "x10", "x010"}));
}

TEST(FolderListing, BvhExtensionInAnyCase) {
    EXPECT_TRUE(hasBvhExtension("walk.bvh"));
    EXPECT_TRUE(hasBvhExtension("walk.BVH"));
    EXPECT_TRUE(hasBvhExtension("walk.Bvh"));
    EXPECT_FALSE(hasBvhExtension(".bvh"));
    EXPECT_FALSE(hasBvhExtension("walk.bvh.txt"));
    EXPECT_FALSE(hasBvhExtension("walkbvh"));
    EXPECT_FALSE(hasBvhExtension("walk.fbx"));
}

TEST(FolderListing, ListsCapturesNaturallySortedWithoutSubfolders) {
    const ScratchFolder folder;
    folder.fillStandard();
    const FolderListing listing = listBvhFiles(folder.path(), false);
    EXPECT_TRUE(listing.error.empty()) << listing.error;
    EXPECT_FALSE(listing.truncated);
    EXPECT_EQ(names(listing),
              (std::vector<std::string>{"broken.bvh", "Walk1.BVH", "walk2.bvh", "walk10.bvh"}));
}

TEST(FolderListing, SubfoldersOnRequest) {
    const ScratchFolder folder;
    folder.fillStandard();
    folder.copy("assets/sample_walk.bvh", "sub/deeper/take3.bvh");
    folder.copy("assets/sample_walk.bvh", "sub2/a.bvh");
    const FolderListing listing = listBvhFiles(folder.path(), true);
    EXPECT_TRUE(listing.error.empty()) << listing.error;
    EXPECT_EQ(names(listing),
              (std::vector<std::string>{"broken.bvh", "sub/deeper/take3.bvh", "sub/inner.bvh",
                                        "sub2/a.bvh", "Walk1.BVH", "walk2.bvh", "walk10.bvh"}));
}

TEST(FolderListing, LinksToCapturesAreListedBrokenLinksAreNot) {
    const ScratchFolder folder;
    const auto target = folder.copy("assets/sample_walk.bvh", "elsewhere/real.bvh");
    std::error_code error;
    std::filesystem::create_symlink(target, folder.path() / "linked.bvh", error);
    if (error) { // Windows: only with Developer Mode or as administrator (and not under Wine)
        GTEST_SKIP() << "cannot make symbolic links here: " << error.message();
    }
    std::filesystem::create_symlink(folder.path() / "missing.bvh", folder.path() / "dangling.bvh");
    const FolderListing listing = listBvhFiles(folder.path(), false);
    EXPECT_EQ(names(listing), std::vector<std::string>{"linked.bvh"});
}

TEST(FolderListing, AFolderThatCannotBeListedSaysWhy) {
    const ScratchFolder folder;
    const FolderListing missing = listBvhFiles(folder.path() / "missing", false);
    EXPECT_FALSE(missing.error.empty());
    EXPECT_TRUE(missing.files.empty());
    const auto file = folder.write("walk.bvh", "HIERARCHY\n");
    const FolderListing notAFolder = listBvhFiles(file, false);
    EXPECT_EQ(notAFolder.error, "not a folder");
}

TEST(FolderListing, AnEmptyFolderIsNoError) {
    const ScratchFolder folder;
    const FolderListing listing = listBvhFiles(folder.path(), true);
    EXPECT_TRUE(listing.error.empty());
    EXPECT_TRUE(listing.files.empty());
}

} // namespace
