// A take's sink that fills up like a disk (core/live/take_writer.h's TakeSink): the real file
// until `room` bytes were appended, then what fits and "No space left on device". For the tests of
// the take writer and of the recorders that use it. Header-only.
#pragma once

#include "core/live/take_writer.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

namespace bvh::live::test {

// Keep it alive while the sinks it opens are in use: they count into it.
struct FillingDisk {
    std::uint64_t room = 0;
    std::uint64_t appended = 0;

    class Sink final : public TakeSink {
    public:
        Sink(std::unique_ptr<TakeSink> file, FillingDisk& owner)
            : file_(std::move(file)), owner_(owner) {}
        FileOutput::Written append(std::string_view bytes) override {
            const std::uint64_t left = owner_.room - std::min(owner_.room, owner_.appended);
            const std::string_view fits = bytes.substr(0, static_cast<std::size_t>(left));
            FileOutput::Written written = file_->append(fits);
            owner_.appended += written.bytes;
            if (written.error.empty() && fits.size() < bytes.size()) {
                written.error = "No space left on device";
            }
            return written;
        }
        std::string writeAt(std::uint64_t offset, std::string_view bytes) override {
            return file_->writeAt(offset, bytes);
        }
        std::string truncate(std::uint64_t size) override { return file_->truncate(size); }
        std::string finish() override { return file_->finish(); }

    private:
        std::unique_ptr<TakeSink> file_;
        FillingDisk& owner_;
    };

    TakeSinkOpener opener() {
        return [this](const std::filesystem::path& path) {
            OpenedTakeSink opened = openTakeFile(path);
            if (opened.sink) {
                opened.sink = std::make_unique<Sink>(std::move(opened.sink), *this);
            }
            return opened;
        };
    }
};

} // namespace bvh::live::test
