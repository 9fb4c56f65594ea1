// An option's --help entry (app/options/option_help.h), hand-checked.
#include "app/options/option_help.h"

#include <gtest/gtest.h>
#include <string>

namespace bvhscope::options {
namespace {

// The --help layout tools/generate_cli_docs.py reads: the description at column 25, wrapped at
// 95, the option alone on its line when it is too long.
TEST(OptionHelp, EntriesKeepTheHelpLayout) {
    EXPECT_EQ(helpEntry(kFieldOfView),
              "  --fov DEG              vertical field of view; from 5 to 150 degrees (default "
              "45)\n");
    EXPECT_EQ(helpEntry(kLayout), "  --layout side|overlaid several FILEs side by side or each at "
                                  "its own origin (default side)\n");
    const std::string up = helpEntry(kUpAxis);
    EXPECT_EQ(up.rfind("  --up auto|x|y|z|-x|-y|-z\n" + std::string(25, ' ') + "the file's", 0), 0u)
        << up;
    for (const Option* option : kAllOptions) {
        const std::string entry = option->flag.empty() ? "" : helpEntry(*option);
        std::size_t start = 0;
        while (start < entry.size()) {
            const std::size_t end = entry.find('\n', start);
            EXPECT_LE(end - start, kHelpWidth) << entry;
            start = end + 1;
        }
    }
}

} // namespace
} // namespace bvhscope::options
