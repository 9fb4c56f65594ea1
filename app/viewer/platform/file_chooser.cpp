#include "app/viewer/platform/file_chooser.h"

#include "app/viewer/platform/native_file_chooser.h"

#include <atomic>
#include <mutex>
#include <thread>

namespace bvhscope::viewer {

struct FileChooser::Shared {
    std::mutex mutex;
    std::optional<FileChooserAnswer> answer;
    std::atomic<bool> cancel{false};
    std::atomic<bool> running{false};
    std::thread thread;
};

FileChooser::FileChooser() : shared_(std::make_shared<Shared>()) {}

FileChooser::~FileChooser() {
    shared_->cancel = true;
    if (shared_->thread.joinable()) {
        shared_->thread.join();
    }
}

bool FileChooser::start(const FileChooserRequest& request) {
    if (shared_->running) {
        return false;
    }
    if (shared_->thread.joinable()) {
        shared_->thread.join();
    }
    shared_->running = true;
    shared_->thread = std::thread([shared = shared_, request] {
        FileChooserAnswer answer = runNativeFileChooser(request, shared->cancel);
        {
            const std::lock_guard lock(shared->mutex);
            shared->answer = std::move(answer);
        }
        shared->running = false;
    });
    return true;
}

bool FileChooser::busy() const {
    return shared_->running;
}

std::optional<FileChooserAnswer> FileChooser::takeAnswer() {
    const std::lock_guard lock(shared_->mutex);
    std::optional<FileChooserAnswer> answer = std::move(shared_->answer);
    shared_->answer.reset();
    return answer;
}

} // namespace bvhscope::viewer
