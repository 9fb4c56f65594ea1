// The check an outside script makes of `bvhscope options --json` and `bvhscope render`
// (issue 43), with the executable as a user runs it: for every numeric option render takes, the
// top of its range is rendered and one step past it is refused with exit 2 naming the range.
// The arguments come from `options --json`, so an option added to the table is checked too.
#include "tests/app/headless/headless_test_support.h"

#include <charconv>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;

// `value` as typed: "150", "86400.01", and for a size "8192x8192".
std::string typedValue(const nlohmann::json& option, double value) {
    char buffer[40];
    const auto written =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    std::string number(buffer, written.ptr);
    if (number.find('.') != std::string::npos) {
        number.erase(number.find_last_not_of('0') + 1);
        if (number.back() == '.') {
            number.pop_back();
        }
    }
    return option.at("type") == "size" ? number + "x" + number : number;
}

// "from 5 to 150" as the table writes it (a rate's 1/600 as the fraction).
std::string rangeWords(const nlohmann::json& option) {
    const auto word = [&](double value) {
        if (option.at("type") == "rate" && value < 1.0) {
            return "1/" + std::to_string(static_cast<long long>(1.0 / value + 0.5));
        }
        return typedValue(nlohmann::json{{"type", "number"}}, value);
    };
    return "from " + word(option.at("min").get<double>()) + " to " +
           word(option.at("max").get<double>());
}

TEST(RenderOptions, EveryNumericRenderOptionTakesItsTopAndRefusesOneStepPast) {
    const TempDir dir;
    const RunResult listed = runBvhscope(dir, {"options", "--json"});
    ASSERT_EQ(listed.status, 0) << listed.err;
    const nlohmann::json table = nlohmann::json::parse(listed.out);
    const std::string file = sourceFile("assets/sample_walk.bvh");
    const std::string out = (dir.path() / "out.png").string();
    int checked = 0;
    for (const nlohmann::json& option : table) {
        const nlohmann::json& commands = option.at("commands");
        const bool render = commands.is_array() &&
                            std::find(commands.begin(), commands.end(), "render") != commands.end();
        if (!render || option.at("max").is_null()) {
            continue;
        }
        const std::string flag = option.at("flag");
        SCOPED_TRACE(flag);
        ++checked;
        const double top = option.at("max").get<double>();
        const double past = top + option.at("step").get<double>();
        fs::remove(out);
        const RunResult atTop =
            runBvhscope(dir, {"render", file, "-o", out, flag, typedValue(option, top)});
        const RunResult pastTop =
            runBvhscope(dir, {"render", file, "-o", out, flag, typedValue(option, past)});
        EXPECT_EQ(pastTop.status, 2);
        EXPECT_NE(pastTop.err.find(rangeWords(option)), std::string::npos) << pastTop.err;
        if (option.at("needs").is_null()) {
            EXPECT_EQ(atTop.status, 0) << atTop.err;
            EXPECT_TRUE(fs::is_regular_file(out));
        } else { // a video's or a contact sheet's option: refused, naming what it needs
            EXPECT_EQ(atTop.status, 2);
            EXPECT_NE(atTop.err.find(option.at("needs").get<std::string>()), std::string::npos)
                << atTop.err;
            EXPECT_NE(atTop.err.find(rangeWords(option)), std::string::npos) << atTop.err;
        }
    }
    EXPECT_GE(checked, 12);
}

} // namespace
} // namespace bvhscope::headless::test
