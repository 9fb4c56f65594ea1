// Where BVH text comes from: memory (parseDocument) or a file streamed in blocks
// (loadDocument). Internal to the core.
#pragma once

#include "diagnostic.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace bvh {

class TextSource {
public:
    virtual ~TextSource() = default;
    // The text not consumed yet, as far as it has been read. Valid until the next call.
    virtual std::string_view available() const = 0;
    // True when available() reaches the end of the input.
    virtual bool complete() const = 0;
    // Reads about `bytes` more. Returns false on an I/O error, described by error().
    virtual bool readMore(std::size_t bytes) = 0;
    // Forgets the first `bytes` of available().
    virtual void consume(std::size_t bytes) = 0;
    // Total size if known up front (0 otherwise), and bytes consumed so far.
    virtual std::uint64_t totalBytes() const = 0;
    virtual std::uint64_t consumedBytes() const = 0;
    // After the end was reached: checks the input did not change while it was read.
    virtual bool verifyUnchanged() { return true; }
    const std::string& error() const { return error_; }

protected:
    std::string error_;
};

class MemorySource final : public TextSource {
public:
    explicit MemorySource(std::string_view text) : text_(text) {}
    std::string_view available() const override { return text_.substr(consumed_); }
    bool complete() const override { return true; }
    bool readMore(std::size_t) override { return true; }
    void consume(std::size_t bytes) override { consumed_ += bytes; }
    std::uint64_t totalBytes() const override { return text_.size(); }
    std::uint64_t consumedBytes() const override { return consumed_; }

private:
    std::string_view text_;
    std::size_t consumed_ = 0;
};

// Reads a regular file with read(2) into a buffer holding only the unparsed text.
class FileSource final : public TextSource {
public:
    FileSource() = default;
    ~FileSource() override;
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;

    bool open(const std::filesystem::path& path);
    std::string_view available() const override { return std::string_view(buffer_).substr(begin_); }
    bool complete() const override { return atEnd_; }
    bool readMore(std::size_t bytes) override;
    void consume(std::size_t bytes) override;
    std::uint64_t totalBytes() const override { return size_; }
    std::uint64_t consumedBytes() const override { return consumed_; }
    bool verifyUnchanged() override;

private:
    int descriptor_ = -1;
    std::string buffer_;
    std::size_t begin_ = 0;
    std::uint64_t size_ = 0;
    std::uint64_t read_ = 0;
    std::uint64_t consumed_ = 0;
    std::int64_t modifiedSeconds_ = 0;
    std::int64_t modifiedNanoseconds_ = 0;
    bool atEnd_ = false;
};

} // namespace bvh
