// DocumentPrefetch: the documents of many files, read on a reader thread, come out in argument
// order with their own diagnostics (a bad file and a missing one in the middle of the list
// included), never more than `ahead` of them wait loaded, and giving up part way through stops
// the reader rather than hanging or reading the rest.
#include "app/cli/info_command_prefetch.h"
#include "tests/app/cli/cli_test_support.h"

#include <chrono>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::cli {
namespace {

// Chain files whose roots are named Root0, Root1, ...; unless `allGood`, file 5 stops inside its
// hierarchy and file 9 does not exist.
std::vector<std::string> numberedFiles(const test::TemporaryDirectory& directory, int count,
                                       bool allGood = false) {
    std::vector<std::string> files;
    for (int i = 0; i < count; ++i) {
        const std::string name = "take" + std::to_string(i) + ".bvh";
        std::string text(test::kChainBvh);
        text.replace(text.find("Hips"), 4, "Root" + std::to_string(i));
        if (i == 5 && !allGood) {
            text = "HIERARCHY\nROOT Hips\n{\n";
        }
        files.push_back(i == 9 && !allGood ? directory.pathText(name)
                                           : directory.write(name, text));
    }
    return files;
}

void expectDocumentOf(const bvh::Document& document, int i, bool allGood = false) {
    SCOPED_TRACE("file " + std::to_string(i));
    if ((i == 5 || i == 9) && !allGood) {
        EXPECT_FALSE(document.loaded());
        ASSERT_FALSE(document.diagnostics.empty());
        EXPECT_EQ(document.diagnostics.front().line, i == 5 ? 4U : 0U);
        return;
    }
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.skeleton.names.front(), "Root" + std::to_string(i));
}

TEST(DocumentPrefetch, HandsOverEveryFileInArgumentOrder) {
    test::TemporaryDirectory directory;
    const std::vector<std::string> files = numberedFiles(directory, 40);
    for (const std::size_t ahead : {std::size_t{1}, std::size_t{2}, std::size_t{8}}) {
        DocumentPrefetch prefetch(files, bvh::ParseOptions{}, ahead);
        // Taking nothing until the reader has filled the queue: it would read on past `ahead`
        // if nothing held it back.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (prefetch.mostWaiting() < ahead && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::yield();
        }
        EXPECT_EQ(prefetch.mostWaiting(), ahead);
        for (int i = 0; i < 40; ++i) {
            expectDocumentOf(prefetch.next(), i);
        }
        EXPECT_LE(prefetch.mostWaiting(), ahead);
    }
}

TEST(DocumentPrefetch, StopsReadingWhenTheCallerGivesUp) {
    test::TemporaryDirectory directory;
    const std::vector<std::string> files = numberedFiles(directory, 40);
    {
        DocumentPrefetch untouched(files, bvh::ParseOptions{}); // destroyed at once: joins
    }
    DocumentPrefetch prefetch(files, bvh::ParseOptions{}, 2);
    for (int i = 0; i < 3; ++i) {
        expectDocumentOf(prefetch.next(), i);
    }
    EXPECT_LE(prefetch.mostWaiting(), 2U);
}

// Past one document, the frames that wait are bounded too (a list of million-frame captures):
// with room for less than one take's frames, one waits at a time. (A file that failed to load
// holds no frames, so one more may wait beside it: every file here loads.)
TEST(DocumentPrefetch, BigDocumentsWaitOneAtATime) {
    test::TemporaryDirectory directory;
    const std::vector<std::string> files = numberedFiles(directory, 20, true);
    DocumentPrefetch prefetch(files, bvh::ParseOptions{}, 8, 8); // a take holds 72 bytes
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (prefetch.mostWaiting() < 1 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::yield();
    }
    for (int i = 0; i < 20; ++i) {
        expectDocumentOf(prefetch.next(), i, true);
    }
    EXPECT_EQ(prefetch.mostWaiting(), 1U);
}

} // namespace
} // namespace bvhscope::cli
