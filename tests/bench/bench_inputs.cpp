#include "tests/bench/bench_inputs.h"

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace bvh::bench {
namespace {

std::filesystem::path corpusCapture() {
    return std::filesystem::path(BVHSCOPE_SHARED_DIR) / "corpus" / "cmu_01_01_assimp.bvh";
}

// A 31-joint chain-free skeleton of the CMU layout is not needed for throughput: what matters is
// the row shape (96 values, 4-5 significant digits). Used when ../shared is absent.
std::string syntheticCapture() {
    std::string text = "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition "
                       "Yposition Zposition Zrotation Yrotation Xrotation\n";
    for (int joint = 1; joint < 31; ++joint) {
        text += "\tJOINT J" + std::to_string(joint) +
                "\n\t{\n\t\tOFFSET 0 1.5 0\n\t\tCHANNELS 3 Zrotation Yrotation Xrotation\n";
        text += "\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 1 0\n\t\t}\n\t}\n";
    }
    text += "}\nMOTION\nFrames: 240\nFrame Time: .0083333\n";
    char number[32];
    for (int frame = 0; frame < 240; ++frame) {
        for (int channel = 0; channel < 96; ++channel) {
            std::snprintf(number, sizeof number, "%.4f ",
                          40.0 * std::sin(frame * 0.05 + channel * 0.7));
            text += number;
        }
        text += "\n";
    }
    return text;
}

std::string sourceText() {
    std::ifstream in(corpusCapture(), std::ios::binary);
    if (!in) {
        return syntheticCapture();
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

std::string buildCapture(std::size_t frames) {
    const std::string source = sourceText();
    const std::size_t motion = source.find("MOTION");
    std::string head = source.substr(0, motion);
    // Rows: every non-empty line after "Frame Time:".
    std::size_t rowsStart = source.find('\n', source.find("Frame Time", motion)) + 1;
    std::vector<std::string> rows;
    std::stringstream lines(source.substr(rowsStart));
    std::string line;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.find_first_not_of(" \t") != std::string::npos) {
            rows.push_back(line);
        }
    }
    std::string text =
        head + "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: .0083333\n";
    std::size_t rowBytes = 0;
    for (const std::string& row : rows) {
        rowBytes += row.size() + 1;
    }
    text.reserve(text.size() + rowBytes * (frames / rows.size() + 1));
    for (std::size_t frame = 0; frame < frames; ++frame) {
        text += rows[frame % rows.size()];
        text += '\n';
    }
    return text;
}

} // namespace

const std::string& largeCapture(std::size_t frames) {
    static std::map<std::size_t, std::string> cache;
    auto found = cache.find(frames);
    if (found == cache.end()) {
        found = cache.emplace(frames, buildCapture(frames)).first;
    }
    return found->second;
}

std::filesystem::path largeCaptureFile(std::size_t frames) {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("bvhscope_bench_" + std::to_string(frames) + ".bvh");
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
        const std::string& text = largeCapture(frames);
        std::filesystem::path partial = path;
        partial += ".partial";
        std::ofstream(partial, std::ios::binary)
            .write(text.data(), static_cast<std::streamsize>(text.size()));
        std::filesystem::rename(partial, path);
    }
    return path;
}

std::string largeCaptureSource() {
    std::error_code error;
    return std::filesystem::exists(corpusCapture(), error) ? "cmu_01_01" : "synthetic";
}

} // namespace bvh::bench
