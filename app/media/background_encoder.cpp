#include "app/media/background_encoder.h"

namespace bvhscope::media {

std::unique_ptr<BackgroundEncoder>
BackgroundEncoder::start(const std::filesystem::path& target, VideoSettings settings,
                         std::shared_ptr<const AudioClip> audio,
                         std::shared_ptr<const GifPalette> palette, std::string& error) {
    std::unique_ptr<BackgroundEncoder> background(new BackgroundEncoder());
    background->audio_ = std::move(audio);
    background->palette_ = std::move(palette);
    settings.audio = background->audio_.get();
    settings.palette = background->palette_.get();
    background->width_ = settings.width;
    background->encoder_ = VideoEncoder::create(target, settings, error);
    if (!background->encoder_) {
        return nullptr;
    }
    background->thread_ = std::thread([raw = background.get()] { raw->run(); });
    return background;
}

BackgroundEncoder::~BackgroundEncoder() {
    cancel();
    if (thread_.joinable()) {
        thread_.join();
    }
    encoder_.reset(); // unfinished: the temporary file goes
}

bool BackgroundEncoder::hasRoom() const {
    const std::lock_guard lock(mutex_);
    return queue_.size() < kQueuedPictures;
}

bool BackgroundEncoder::push(std::vector<std::uint8_t> rgba) {
    {
        const std::lock_guard lock(mutex_);
        if (status_ != Status::Running || cancelled_ || finishing_) {
            return false;
        }
        queue_.push_back(std::move(rgba));
    }
    changed_.notify_all();
    return true;
}

void BackgroundEncoder::finish() {
    {
        const std::lock_guard lock(mutex_);
        finishing_ = true;
    }
    changed_.notify_all();
}

void BackgroundEncoder::cancel() {
    {
        const std::lock_guard lock(mutex_);
        if (status_ != Status::Running) {
            return;
        }
        cancelled_ = true;
    }
    changed_.notify_all();
}

BackgroundEncoder::Status BackgroundEncoder::status() const {
    const std::lock_guard lock(mutex_);
    return status_;
}

std::int64_t BackgroundEncoder::picturesEncoded() const {
    const std::lock_guard lock(mutex_);
    return encoded_;
}

std::string BackgroundEncoder::error() const {
    const std::lock_guard lock(mutex_);
    return error_;
}

void BackgroundEncoder::run() {
    while (true) {
        std::vector<std::uint8_t> picture;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return cancelled_ || finishing_ || !queue_.empty(); });
            if (cancelled_) {
                status_ = Status::Cancelled;
                return; // the destructor drops the encoder and its temporary file
            }
            if (queue_.empty()) { // finishing, everything encoded
                break;
            }
            picture = std::move(queue_.front());
            queue_.pop_front();
        }
        changed_.notify_all();
        const bool added = encoder_->addFrame(picture.data(), width_ * 4);
        const std::lock_guard lock(mutex_);
        if (!added) {
            status_ = Status::Failed;
            error_ = encoder_->error();
            return;
        }
        ++encoded_;
    }
    const bool finished = encoder_->finish();
    const std::lock_guard lock(mutex_);
    status_ = finished ? Status::Done : Status::Failed;
    if (!finished) {
        error_ = encoder_->error();
    }
}

} // namespace bvhscope::media
