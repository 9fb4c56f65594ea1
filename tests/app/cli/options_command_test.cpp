// `bvhscope options [--json]` (app/cli/options_command.cpp): the options table for people and
// scripts.
#include "app/cli/commands.h"
#include "app/options/option_table.h"
#include "tests/app/cli/cli_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace bvhscope::cli {
namespace {

using test::run;

const nlohmann::json* objectNamed(const nlohmann::json& array, std::string_view name) {
    for (const nlohmann::json& object : array) {
        if (object.at("name") == name) {
            return &object;
        }
    }
    return nullptr;
}

TEST(OptionsCommand, JsonListsEveryOptionWithItsFields) {
    const auto result = run(runOptions, {"--json"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    const nlohmann::json array = nlohmann::json::parse(result.out);
    ASSERT_TRUE(array.is_array());
    ASSERT_EQ(array.size(), options::kAllOptions.size());
    for (const nlohmann::json& object : array) {
        for (const char* field :
             {"name", "flag", "key", "type", "min", "max", "default", "unit", "help"}) {
            EXPECT_TRUE(object.contains(field)) << field << " in " << object.dump();
        }
    }
    // Hand-checked: one option of each shape, with null where it has none.
    const nlohmann::json* fov = objectNamed(array, "field_of_view");
    ASSERT_NE(fov, nullptr);
    EXPECT_EQ(fov->at("flag"), "--fov");
    EXPECT_EQ(fov->at("key"), "field_of_view_degrees");
    EXPECT_EQ(fov->at("type"), "number");
    EXPECT_EQ(fov->at("min"), 5);
    EXPECT_EQ(fov->at("max"), 150);
    EXPECT_EQ(fov->at("default"), 45);
    EXPECT_EQ(fov->at("unit"), "degrees");
    EXPECT_EQ(fov->at("commands"), nlohmann::json::array({"render"}));
    EXPECT_TRUE(fov->at("needs").is_null());
    const nlohmann::json* grid = objectNamed(array, "show_grid");
    ASSERT_NE(grid, nullptr);
    EXPECT_TRUE(grid->at("flag").is_null());
    EXPECT_TRUE(grid->at("min").is_null());
    EXPECT_TRUE(grid->at("max").is_null());
    EXPECT_TRUE(grid->at("unit").is_null());
    EXPECT_EQ(grid->at("default"), "true");
    const nlohmann::json* crf = objectNamed(array, "crf");
    ASSERT_NE(crf, nullptr);
    EXPECT_TRUE(crf->at("key").is_null());
    EXPECT_EQ(crf->at("max"), 63);
    EXPECT_EQ(crf->at("needs"), "video outputs (-o NAME.mp4, .webm or .gif)");
    EXPECT_EQ(crf->at("max_by_output"), (nlohmann::json{{"mp4", 51}, {"webm", 63}}));
    EXPECT_TRUE(fov->at("max_by_output").is_null());
    const nlohmann::json* trail = objectNamed(array, "trail_frames");
    ASSERT_NE(trail, nullptr);
    EXPECT_EQ(trail->at("max").dump(), "100000"); // a whole number, not 1e+05
}

TEST(OptionsCommand, ReadableListNamesKeysFlagsAndRanges) {
    const auto result = run(runOptions, {});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("field_of_view\n    settings.ini: field_of_view_degrees\n"
                              "    flag: --fov (render)\n"
                              "    number from 5 to 150 degrees, default 45\n"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("    flag: --crf (render), render only for video outputs"),
              std::string::npos);
}

TEST(OptionsCommand, IsASubcommandAndRefusesWhatItDoesNotTake) {
    std::vector<std::string_view> arguments{"options", "--json"};
    std::ostringstream out;
    std::ostringstream err;
    EXPECT_EQ(runSubcommand(arguments, out, err), kExitOk) << err.str();
    EXPECT_EQ(out.str().front(), '[');
    EXPECT_EQ(run(runOptions, {"--bogus"}).status, kExitUsage);
    const auto positional = run(runOptions, {"file.bvh"});
    EXPECT_EQ(positional.status, kExitUsage);
    EXPECT_NE(positional.err.find("takes no FILE"), std::string::npos) << positional.err;
    const auto help = run(runOptions, {"--help"});
    EXPECT_EQ(help.status, kExitOk);
    EXPECT_NE(help.out.find("usage: bvhscope options [--json]"), std::string::npos);
}

TEST(OptionsCommand, TheTopLevelUsageListsIt) {
    std::ostringstream out;
    printUsage(out);
    EXPECT_NE(out.str().find("bvhscope options [--json]"), std::string::npos) << out.str();
}

} // namespace
} // namespace bvhscope::cli
