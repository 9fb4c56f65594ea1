#include "app/headless/png_sequence_output.h"

#include "core/platform/atomic_file.h"
#include "core/platform/utf8_path.h"

#include <system_error>

namespace bvhscope::headless {

PngSequenceOutput::PngSequenceOutput() {
    try {
        worker_ = std::thread([this] { run(); });
    } catch (const std::system_error&) {
        // No thread to be had: add() writes each picture itself.
    }
}

PngSequenceOutput::~PngSequenceOutput() {
    {
        std::lock_guard lock(mutex_);
        finishing_ = true;
    }
    changed_.notify_all();
    if (worker_.joinable()) {
        worker_.join();
    }
}

bool PngSequenceOutput::add(std::filesystem::path path, render::Image image, std::ostream& err) {
    Picture picture{std::move(path), std::move(image)};
    if (!worker_.joinable()) {
        if (errors_.empty()) {
            errors_ = writePngAtomically(picture.path, picture.image);
        }
        return reportFailure(err);
    }
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !errors_.empty() || queue_.size() < kQueuedPngPictures; });
        if (errors_.empty()) {
            queue_.push_back(std::move(picture));
        }
    }
    changed_.notify_all();
    return reportFailure(err);
}

bool PngSequenceOutput::finish(std::ostream& err) {
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return !errors_.empty() || (queue_.empty() && !busy_); });
    }
    return reportFailure(err);
}

bool PngSequenceOutput::reportFailure(std::ostream& err) {
    std::lock_guard lock(mutex_);
    if (errors_.empty()) {
        return true;
    }
    if (!errorReported_) {
        for (const std::string& reason : errors_) {
            err << "bvhscope render: " << reason << '\n';
        }
        errorReported_ = true;
    }
    return false;
}

void PngSequenceOutput::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return finishing_ || !queue_.empty(); });
        if (queue_.empty() || !errors_.empty()) {
            queue_.clear();
            if (finishing_) {
                return;
            }
            continue;
        }
        Picture picture = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
        lock.unlock();
        changed_.notify_all(); // room for the next picture
        std::vector<std::string> problems = writePngAtomically(picture.path, picture.image);
        lock.lock();
        busy_ = false;
        if (errors_.empty()) {
            errors_ = std::move(problems);
        }
        changed_.notify_all();
    }
}

std::vector<std::string> writePngAtomically(const std::filesystem::path& path,
                                            const render::Image& image) {
    const std::string bytes = render::encodePng(image);
    if (bytes.empty()) {
        return {"cannot encode " + bvh::utf8FromPath(path) + " as PNG"};
    }
    bvh::AtomicFile file(path);
    file.write(bytes);
    if (file.commit()) {
        return {};
    }
    std::vector<std::string> reasons;
    for (const bvh::Diagnostic& diagnostic : file.diagnostics()) {
        reasons.push_back(diagnostic.message);
    }
    if (reasons.empty()) {
        reasons.push_back("cannot write " + bvh::utf8FromPath(path));
    }
    return reasons;
}

} // namespace bvhscope::headless
