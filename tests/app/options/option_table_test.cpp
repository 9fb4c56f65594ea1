// The options table's own invariants (app/options/option_table.h): what every reader of it
// relies on.
#include "app/options/option_table.h"

#include <gtest/gtest.h>
#include <set>
#include <string>
#include <utility>

namespace bvhscope::options {
namespace {

bool isNumeric(const Option& option) {
    return option.type == ValueType::Integer || option.type == ValueType::Number ||
           option.type == ValueType::Size || option.type == ValueType::Rate;
}

TEST(OptionTable, NamesKeysAndFlagsAreUnique) {
    std::set<std::string_view> names;
    std::set<std::string_view> keys;
    std::set<std::pair<std::string_view, int>> flags; // a flag once per command line
    for (const Option* option : kAllOptions) {
        EXPECT_TRUE(names.insert(option->name).second) << option->name;
        EXPECT_FALSE(option->help.empty()) << option->name;
        if (!option->key.empty()) {
            EXPECT_TRUE(keys.insert(option->key).second) << option->key;
        }
        EXPECT_EQ(option->flag.empty(), option->commands == kNoCommand) << option->name;
        for (const int command : {kRender, kViewer, kRetarget}) {
            if ((option->commands & command) != 0) {
                EXPECT_TRUE(flags.insert({option->flag, command}).second) << option->flag;
            }
        }
    }
    EXPECT_EQ(optionWithKey("field_of_view_degrees"), &kFieldOfView);
    EXPECT_EQ(optionWithFlag("--size", kRender), &kImageSize);
    EXPECT_EQ(optionWithFlag("--size", kViewer), &kWindowSize);
    EXPECT_EQ(optionWithFlag("--ghosts", kViewer), nullptr);
    EXPECT_EQ(optionWithKey(""), nullptr);
}

TEST(OptionTable, EveryNumericRangeHoldsItsDefault) {
    for (const Option* option : kAllOptions) {
        if (!isNumeric(*option)) {
            EXPECT_FALSE(option->maximum.has_value()) << option->name;
            continue;
        }
        ASSERT_TRUE(option->minimum && option->maximum) << option->name;
        for (const OutputMaximum& each : option->maximumByOutput) { // "max" is the largest
            EXPECT_LE(each.maximum, *option->maximum) << option->name << " " << each.output;
        }
        EXPECT_LE(*option->minimum, *option->maximum) << option->name;
        EXPECT_GT(option->step, 0.0) << option->name;
        const bool numberDefault =
            (option->type == ValueType::Integer || option->type == ValueType::Number) &&
            !option->defaultValue.empty() && option->defaultValue != "auto";
        if (numberDefault) {
            const double value = std::stod(std::string(option->defaultValue));
            EXPECT_TRUE(inRange(*option, value)) << option->name << " " << value;
        }
    }
}

TEST(OptionTable, AChoiceDefaultIsOneOfItsChoices) {
    for (const Option* option : kAllOptions) {
        if (option->type != ValueType::Choice || option->defaultValue.empty()) {
            continue;
        }
        bool found = false;
        for (const std::string_view choice : option->choices) {
            found = found || choice == option->defaultValue;
        }
        EXPECT_TRUE(found) << option->name;
    }
}

// The words every surface prints, hand-checked.
TEST(OptionTable, RangesAndRefusalsAreWritten) {
    EXPECT_EQ(rangeText(kFieldOfView), "from 5 to 150 degrees");
    EXPECT_EQ(refusal(kFieldOfView, "151"), "--fov must be from 5 to 150 degrees, not '151'");
    EXPECT_EQ(rangeText(kGhostCount), "from 1 to 50 poses");
    EXPECT_EQ(rangeText(kFps), "from 1/600 to 1000 fps");
    EXPECT_EQ(rangeNumbers(kGhostOpacity), "from 0.05 to 1");
    EXPECT_EQ(rangeText(kFrame), "from 0");
    EXPECT_EQ(rangeText(kLiveHost), "");
    EXPECT_EQ(numberText(-3600.0), "-3600");
    EXPECT_EQ(numberText(0.35), "0.35");
    EXPECT_TRUE(inRange(kTrailFrames, 100000));
    EXPECT_FALSE(inRange(kTrailFrames, 100001));
    EXPECT_FALSE(inRange(kTrailFrames, 0));
    EXPECT_FALSE(inRange(kFieldOfView, std::stod("nan")));
    EXPECT_TRUE(inRange(kLiveHost, 1e300)); // no range: every value
}

// Every command line's flags (kCommandNames: each bit once) name one option each, so that
// optionWithFlag finds the one a subcommand parses; a flag two commands share is one entry.
TEST(OptionTable, EachCommandsFlagsAreUniqueAndSharedFlagsAreOneEntry) {
    std::uint16_t bits = 0;
    for (const CommandName& command : kCommandNames) {
        EXPECT_EQ(bits & command.command, 0) << command.name;
        bits |= command.command;
        std::set<std::string_view> flags;
        for (const Option* option : kAllOptions) {
            if ((option->commands & command.command) != 0) {
                EXPECT_TRUE(flags.insert(option->flag).second)
                    << command.name << " " << option->flag;
                EXPECT_EQ(optionWithFlag(option->flag, command.command), option);
            }
        }
    }
    EXPECT_EQ(optionWithFlag("--frames", kConvert), &kFrames);
    EXPECT_EQ(optionWithFlag("--frames", kPositions), &kFrames);
    EXPECT_EQ(optionWithFlag("--unit", kConvert), &kUnit);
    EXPECT_EQ(optionWithFlag("--bones", kThumbnail), &kBoneStyle);
    EXPECT_EQ(optionWithFlag("--up", kConvert), &kConvertUp) << "another meaning than render's";
    EXPECT_EQ(optionWithFlag("--fps", kConvert), &kConvertFps);
    EXPECT_EQ(optionWithFlag("--size", kThumbnail), &kThumbnailSize);
    EXPECT_EQ(optionWithFlag("--json", kInfo), optionWithFlag("--json", kSimilar));
}

TEST(OptionTable, EachCommandHasItsOwnWordsWhereItSharesAFlag) {
    EXPECT_EQ(helpFor(kFrames, kRender), kFrames.help);
    EXPECT_NE(helpFor(kFrames, kConvert), kFrames.help);
    EXPECT_EQ(helpFor(kFrames, kConvert).substr(0, 19), "keep frames A to B ");
    EXPECT_EQ(helpFor(kTranslation, kInfo), kTranslation.help);
    EXPECT_EQ(flagNames(kThumbnailSize), "-s, --size");
    EXPECT_EQ(flagNames(kFieldOfView), "--fov");
}

TEST(OptionTable, AnExcludedMinimumAndChoicesAreWritten) {
    EXPECT_EQ(rangeText(kThumbnailTimeout), "more than 0, up to 3600 seconds");
    EXPECT_EQ(refusal(kThumbnailTimeout, "0"),
              "--timeout must be more than 0, up to 3600 seconds, not '0'");
    EXPECT_FALSE(inRange(kThumbnailTimeout, 0.0));
    EXPECT_TRUE(inRange(kThumbnailTimeout, 0.001));
    EXPECT_TRUE(inRange(kThumbnailTimeout, 3600.0));
    EXPECT_FALSE(inRange(kConvertScale, 0.0));
    EXPECT_EQ(rangeNumbers(kConvertFps), "from 1/3600 to 1000000");
    EXPECT_EQ(choiceList(kUnit), "auto, mm, cm, m or inch");
    EXPECT_EQ(choiceRefusal(kConvertInterpolation, "cubic"),
              "--interpolation must be linear or step, not 'cubic'");
    EXPECT_EQ(choiceRefusal(kTranslation, "x"),
              "--translation must be absolute, additive or auto, not 'x'");
}

// One range per option across the surfaces the issue found disagreeing.
TEST(OptionTable, TheRangesIssueFortyThreeFoundDisagreeingAreOne) {
    EXPECT_EQ(*kTrailFrames.minimum, 1);
    EXPECT_EQ(*kTrailFrames.maximum, 100000);
    EXPECT_EQ(*kFieldOfView.minimum, 5);
    EXPECT_EQ(*kFieldOfView.maximum, 150);
    EXPECT_EQ(*kGhostStep.maximum, 100000);
    EXPECT_EQ(kFieldOfView.flag, "--fov");
    EXPECT_EQ(kFieldOfView.key, "field_of_view_degrees");
}

} // namespace
} // namespace bvhscope::options
