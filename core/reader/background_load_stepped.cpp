// BackgroundLoad for the web page, which has no threads: a SteppedLoad that the caller advances
// between frames. Built instead of background_load.cpp by Emscripten (core/CMakeLists.txt), and
// natively by a test target (BVHSCOPE_STEPPED_BACKGROUND_LOAD).
#include "core/reader/background_load.h"
#include "core/reader/stepped_load.h"

namespace bvh {

// `threads` is not used: the rows are parsed on the caller's thread.
BackgroundLoad::BackgroundLoad(std::filesystem::path path, unsigned /*threads*/,
                               std::function<void()> onHeaderReady)
    : path_(std::move(path)),
      steps_(std::make_unique<SteppedLoad>(path_, std::move(onHeaderReady))) {}

BackgroundLoad::BackgroundLoad(std::filesystem::path path, std::shared_ptr<StreamedText> text)
    : path_(std::move(path)), steps_(std::make_unique<SteppedLoad>(path_, std::move(text))) {}

BackgroundLoad::~BackgroundLoad() = default;

bool BackgroundLoad::waitingForText() const {
    return steps_->waitingForText();
}

bool BackgroundLoad::headerReady() const {
    return steps_->headerReady();
}

bool BackgroundLoad::finished() const {
    return steps_->finished();
}

double BackgroundLoad::fraction() const {
    return steps_->fraction();
}

std::uint32_t BackgroundLoad::framesLoaded() const {
    return steps_->framesLoaded();
}

const Document& BackgroundLoad::document() const {
    return steps_->document();
}

void BackgroundLoad::advance(std::chrono::steady_clock::duration budget) {
    steps_->advance(budget);
}

void BackgroundLoad::cancel() {
    steps_->cancel();
}

bool BackgroundLoad::cancelRequested() const {
    return steps_->cancelRequested();
}

Document BackgroundLoad::take() {
    return steps_->take();
}

} // namespace bvh
