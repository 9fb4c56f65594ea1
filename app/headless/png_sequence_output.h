// The PNG side of `bvhscope render -o f_%04d.png`: each picture is encoded (render/gl/
// png_encoding.h, zlib level 1, its bands on every core) and written (bvh::AtomicFile: a
// temporary file renamed into place) on a worker thread, while the caller draws the next
// picture, as a video's pictures are handed to its encoder. Drawing and encoding then overlap
// instead of taking turns: a 1280x720 picture costs about as much to deflate as to draw on a
// software renderer.
//
// Memory stays bounded: at most kQueuedPngPictures pictures wait, and add() blocks until there
// is room. The files are written in the order added. The first failure (a picture that cannot
// be encoded, a file that cannot be written) stops the worker: the pictures queued after it
// are not written, and add() and finish() return false with the reason.
#pragma once

#include "render/gl/frame_capture.h"

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace bvhscope::headless {

// Encodes `image` as an opaque PNG and writes it to `path` through bvh::AtomicFile (nothing
// replaces `path` but the whole new file). Empty when written, else the reasons, one a line.
std::vector<std::string> writePngAtomically(const std::filesystem::path& path,
                                            const render::Image& image);

// Two waiting pictures let the encoder run behind the drawing by one picture and still never
// wait for one; more would only hold more memory (3.7 MB each at 1280x720).
inline constexpr std::size_t kQueuedPngPictures = 2;

class PngSequenceOutput {
public:
    // Starts the worker; where no thread can be started, add() encodes and writes on the
    // caller's thread instead.
    PngSequenceOutput();
    // Writes what is queued (as finish()) and joins the worker.
    ~PngSequenceOutput();
    PngSequenceOutput(const PngSequenceOutput&) = delete;
    PngSequenceOutput& operator=(const PngSequenceOutput&) = delete;

    // Queues `image` to be written to `path`, waiting while kQueuedPngPictures wait already.
    // False, with "bvhscope render: REASON" on `err`, once a picture failed (this one is then
    // not written).
    bool add(std::filesystem::path path, render::Image image, std::ostream& err);
    // Waits until every queued picture is written. False, with the reason on `err` (unless
    // add() printed it already), when one failed.
    bool finish(std::ostream& err);

private:
    struct Picture {
        std::filesystem::path path;
        render::Image image;
    };
    void run();
    bool reportFailure(std::ostream& err);

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Picture> queue_;
    bool busy_ = false;               // the worker holds a picture it took from the queue
    bool finishing_ = false;          // no more pictures: the worker ends once the queue is empty
    std::vector<std::string> errors_; // the first failure's reasons
    bool errorReported_ = false;
    std::thread worker_; // last: started when everything above exists
};

} // namespace bvhscope::headless
