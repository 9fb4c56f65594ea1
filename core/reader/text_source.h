// Where BVH text comes from: memory (parseDocument) or a file streamed in blocks
// (loadDocument). Internal to the core.
#pragma once

#include "core/model/diagnostic.h"
#include "core/platform/file_input.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <new>
#include <string>
#include <string_view>

namespace bvh {

class TextSource {
public:
    virtual ~TextSource() = default;
    // The text not consumed yet, as far as it has been read.
    virtual std::string_view available() const = 0;
    // True when available() reaches the end of the input.
    virtual bool complete() const = 0;
    // Reads about `bytes` more. Returns false on an I/O error, described by error().
    // Unconsumed text may move. Consumed text stays where it was, readable, until the first
    // readMore() after a later consume(): the rows of one block are parsed while the next block
    // is read.
    virtual bool readMore(std::size_t bytes) = 0;
    // Marks the first `bytes` of available() as consumed.
    virtual void consume(std::size_t bytes) = 0;
    // Total size if known up front (0 otherwise), and bytes consumed so far.
    virtual std::uint64_t totalBytes() const = 0;
    virtual std::uint64_t consumedBytes() const = 0;
    // After the end was reached: checks the input did not change while it was read.
    virtual bool verifyUnchanged() { return true; }
    // Whether readMore() would find text now (or the end) rather than starve: always, but for a
    // text that is still arriving (StreamedSource).
    virtual bool textAhead() const { return true; }
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

// Frees what ::operator new(size, alignment) allocated.
struct AlignedDelete {
    std::align_val_t alignment{alignof(std::max_align_t)};
    void operator()(char* bytes) const { ::operator delete(bytes, alignment); }
};

// A growable byte buffer that, unlike std::string, does not zero what a read will overwrite,
// and that huge pages back (see huge_pages.h).
class TextBuffer {
public:
    char* data() { return bytes_.get(); }
    const char* data() const { return bytes_.get(); }
    std::size_t size() const { return size_; }
    // Keeps the first `keep` bytes and makes room for `capacity` in all.
    void reserve(std::size_t capacity, std::size_t keep);
    void setSize(std::size_t size) { size_ = size; }

private:
    std::unique_ptr<char, AlignedDelete> bytes_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

// Two buffers that take turns, for a source read block by block: makeRoom() puts the unconsumed
// tail at the start of the other buffer and makes room after it, so a block handed out (and
// consumed) stays where it is while it is parsed.
class TurnTakingBuffers {
public:
    std::string_view unconsumed() const {
        return std::string_view(current().data() + begin_, current().size() - begin_);
    }
    void consume(std::size_t bytes) { begin_ += bytes; }
    // Where `bytes` more go, after the unconsumed tail; appended() says how many did.
    char* makeRoom(std::size_t bytes);
    void appended(std::size_t bytes) { current().setSize(current().size() + bytes); }

private:
    TextBuffer& current() { return buffers_[currentBuffer_]; }
    const TextBuffer& current() const { return buffers_[currentBuffer_]; }

    std::array<TextBuffer, 2> buffers_;
    std::size_t currentBuffer_ = 0;
    std::size_t begin_ = 0; // consumed bytes at the start of the current buffer
};

// Reads a regular file through FileInput (core/platform/file_input.h). Two buffers take turns:
// readMore() after a consume() puts the unconsumed tail at the start of the other buffer and reads
// after it, so the consumed block in the first stays intact while it is parsed (see
// TextSource::readMore).
class FileSource final : public TextSource {
public:
    FileSource() = default;
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;

    bool open(const std::filesystem::path& path);
    std::string_view available() const override { return buffers_.unconsumed(); }
    bool complete() const override { return atEnd_; }
    bool readMore(std::size_t bytes) override;
    void consume(std::size_t bytes) override;
    std::uint64_t totalBytes() const override { return size_; }
    std::uint64_t consumedBytes() const override { return consumed_; }
    bool verifyUnchanged() override;

private:
    FileInput file_;
    TurnTakingBuffers buffers_;
    std::uint64_t size_ = 0;
    std::uint64_t read_ = 0;
    std::uint64_t consumed_ = 0;
    FileStamp stamp_;
    bool atEnd_ = false;
};

} // namespace bvh
