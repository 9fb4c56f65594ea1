// Real captures from other tools (../shared/corpus, described by MANIFEST.tsv). Skipped with a
// message on clones without ../shared.
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/test_support.h"

#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <vector>

namespace bvh {
namespace {

struct ManifestRow {
    std::string file;
    std::size_t joints = 0;
    std::size_t channels = 0;
    std::optional<std::int64_t> frames;
    std::string frameTime;
};

std::vector<ManifestRow> readManifest(const std::filesystem::path& corpus) {
    std::ifstream in(corpus / "MANIFEST.tsv");
    std::vector<ManifestRow> rows;
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        std::stringstream stream(line);
        std::string field;
        while (std::getline(stream, field, '\t')) {
            fields.push_back(field);
        }
        if (fields.size() < 10) {
            continue;
        }
        ManifestRow row;
        row.file = fields[0];
        row.joints = std::stoul(fields[6]);
        row.channels = std::stoul(fields[7]);
        if (!fields[8].empty()) {
            row.frames = std::stoll(fields[8]);
        }
        row.frameTime = fields[9];
        rows.push_back(row);
    }
    return rows;
}

class Corpus : public testing::Test {
protected:
    void SetUp() override {
        auto corpus = test::corpusDirectory();
        if (!corpus) {
            GTEST_SKIP() << "../shared/corpus is absent in this clone; corpus tests skipped";
        }
        directory_ = *corpus;
        manifest_ = readManifest(directory_);
        ASSERT_FALSE(manifest_.empty()) << "MANIFEST.tsv has no rows";
    }
    std::filesystem::path directory_;
    std::vector<ManifestRow> manifest_;
};

TEST_F(Corpus, EveryWellFormedFileLoadsWithTheManifestCounts) {
    int checked = 0;
    for (const ManifestRow& row : manifest_) {
        if (row.file.starts_with("MALFORMED")) {
            continue;
        }
        SCOPED_TRACE(row.file);
        Document document = loadDocument(directory_ / row.file);
        ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
        EXPECT_EQ(document.skeleton.jointCount(), row.joints);
        EXPECT_EQ(document.skeleton.totalChannels(), row.channels);
        EXPECT_EQ(document.declaredFrameCount, row.frames);
        if (!row.frameTime.empty()) {
            EXPECT_DOUBLE_EQ(document.motion.frameTime, std::stod(row.frameTime));
        }
        // Every present row is loaded whole, and every value is finite.
        EXPECT_EQ(document.motion.values.size(),
                  std::size_t{document.motion.frameCount} * row.channels);
        for (float value : document.motion.values) {
            ASSERT_TRUE(std::isfinite(value));
        }
        ++checked;
    }
    EXPECT_GE(checked, 20);
}

TEST_F(Corpus, FrameCountMismatchInBoxingIsReportedAndAllRowsLoaded) {
    Document document = loadDocument(directory_ / "boxing_toes_assimp.bvh");
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 3070u);
    EXPECT_NE(test::findDiagnostic(document, Severity::Warning, "'Frames: 3069' but 3070 rows"),
              nullptr)
        << test::describeDiagnostics(document);
}

TEST_F(Corpus, CrlfFilesParseExactlyLikeTheirLfVersion) {
    for (const char* file : {"cmu_12_01_walk_crlf.bvh", "mocapbank_crlf_bvhpython.bvh",
                             "perception_neuron_milad_59j.bvh", "pybvh_test2_crlf.bvh"}) {
        SCOPED_TRACE(file);
        std::ifstream in(directory_ / file, std::ios::binary);
        std::string crlf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        ASSERT_NE(crlf.find("\r\n"), std::string::npos) << "expected a CRLF file";
        std::string lf;
        for (char c : crlf) {
            if (c != '\r') {
                lf += c;
            }
        }
        Document fromCrlf = parseDocument(crlf);
        Document fromLf = parseDocument(lf);
        ASSERT_TRUE(fromCrlf.loaded() && fromLf.loaded());
        EXPECT_EQ(fromCrlf.skeleton.names, fromLf.skeleton.names);
        EXPECT_EQ(fromCrlf.skeleton.offsets, fromLf.skeleton.offsets);
        EXPECT_EQ(fromCrlf.motion.values, fromLf.motion.values);
        EXPECT_EQ(fromCrlf.diagnostics.size(), fromLf.diagnostics.size());
    }
}

TEST_F(Corpus, MalformedFilesFailOrWarnClearly) {
    Document dataOnly = loadDocument(directory_ / "MALFORMED_bvhio_a_dataonly.bvh");
    EXPECT_FALSE(dataOnly.loaded());
    ASSERT_FALSE(dataOnly.diagnostics.empty());
    EXPECT_EQ(dataOnly.diagnostics[0].line, 1u);
    EXPECT_EQ(dataOnly.diagnostics[0].column, 1u);

    Document noFrames = loadDocument(directory_ / "MALFORMED_bvhio_bar_noframes.bvh");
    ASSERT_TRUE(noFrames.loaded());
    EXPECT_EQ(noFrames.motion.frameCount, 0u);
    EXPECT_NE(test::findDiagnostic(noFrames, Severity::Warning, "'Frames: 3066' but only 0 rows"),
              nullptr);
}

TEST_F(Corpus, TranslationModeDetectionMatchesEachExporter) {
    // Perception Neuron writes absolute local translations on every joint; MakeHuman and CMU
    // write the root delta (additive); bvh-toolbox files write absolute root positions.
    const std::pair<const char*, TranslationMode> expected[] = {
        {"perception_neuron_milad_59j.bvh", TranslationMode::Absolute},
        {"makehuman_tpose_173j.bvh", TranslationMode::Additive},
        {"cmu_01_01_assimp.bvh", TranslationMode::Additive},
        {"bvhtoolbox_walk01_e007.bvh", TranslationMode::Absolute},
    };
    for (const auto& [file, mode] : expected) {
        Document document = loadDocument(directory_ / file);
        ASSERT_TRUE(document.loaded()) << file;
        EXPECT_EQ(detectTranslationMode(document.skeleton, document.motion), mode) << file;
    }
}

} // namespace
} // namespace bvh
