#include "core/writer/input_files.h"

#include "core/platform/utf8_path.h"

namespace bvh {

namespace fs = std::filesystem;

bool sameFile(const fs::path& a, const fs::path& b) {
    if (a.lexically_normal() == b.lexically_normal()) {
        return true;
    }
    std::error_code error;
    return fs::exists(a, error) && fs::exists(b, error) && fs::equivalent(a, b, error) && !error;
}

void InputFiles::add(const fs::path& path, std::string role) {
    std::error_code error;
    const bool exists = fs::exists(path, error);
    inputs_.push_back({path, std::move(role), path.lexically_normal(), exists});
}

const InputFiles::Input* InputFiles::find(const fs::path& output) const {
    if (inputs_.empty()) {
        return nullptr;
    }
    const fs::path normal = output.lexically_normal();
    for (const Input& input : inputs_) {
        if (normal == input.normal) {
            return &input;
        }
    }
    std::error_code error;
    if (!fs::exists(output, error)) {
        return nullptr;
    }
    for (const Input& input : inputs_) {
        if (input.exists && fs::equivalent(output, input.path, error) && !error) {
            return &input;
        }
    }
    return nullptr;
}

std::string InputFiles::refusal(const fs::path& output) const {
    const Input* input = find(output);
    if (input == nullptr) {
        return {};
    }
    const std::string outputName = utf8FromPath(output);
    const std::string inputName = utf8FromPath(input->path);
    return outputName + " is " + input->role + (inputName == outputName ? "" : " " + inputName) +
           "; refusing to write over it";
}

} // namespace bvh
