// The files a command reads, so that no output is ever written over one of them: `convert`'s
// capture and its --mnm name map, `render`'s captures and --audio sound, the files of a contact
// sheet's folder. Every command checks each output it will write against its inputs here, before
// anything is written, and refuses with one message shape.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace bvh {

// Whether `a` and `b` are one file: both exist and std::filesystem::equivalent says so (the same
// device and inode on POSIX, the same volume and file index on Windows; through symbolic and hard
// links), or they are the same path once normalised lexically ("dir/../in.bvh" and "in.bvh").
// Never throws on a path that cannot be examined: that is not the same file.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

class InputFiles {
public:
    struct Input {
        std::filesystem::path path;
        std::string role;             // how messages name it: "the input file", "the --mnm file"
        std::filesystem::path normal; // path.lexically_normal(), computed once
        bool exists = false;
    };

    // Adds an input as named on the command line; `role` says what it is to the command.
    void add(const std::filesystem::path& path, std::string role);
    bool empty() const { return inputs_.empty(); }

    // The input that writing `output` would replace (sameFile), or nullptr. One status call for
    // `output`, and one comparison per input only when it exists, so a sequence of a million
    // names is checked in about a second.
    const Input* find(const std::filesystem::path& output) const;
    // "OUT is the --mnm file names.mnm; refusing to write over it", or empty when `output` is
    // none of the inputs.
    std::string refusal(const std::filesystem::path& output) const;

private:
    std::vector<Input> inputs_;
};

} // namespace bvh
