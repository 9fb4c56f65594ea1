// Following a BVH file while another program writes it (a capture tool recording to disk, or
// `bvhscope record`'s partial file): the rows already there and every complete row appended
// later become frames; a partial last line waits for its end.
//
// The file is looked at every `pollInterval` (no inotify: the same code on every platform and on
// network shares, at the cost of up to that much latency). A file that shrinks, or whose first
// bytes up to MOTION change (a header rewritten, a file replaced by a new one under the same
// name; the `Frames:` count after MOTION may change in place without that), was
// rewritten from the start: that is announced as the end of one "connection" and the start of
// the next (LiveEvent::Disconnected with "rewritten", then Connected with the next number), and
// the file is read again from its first byte, so a consumer drops what it had and reloads. A
// missing or unreadable file is retried, with the reason in the status.
//
// Memory: one read block (kReadBytes) and the decoder's bounds; a long file is read only as
// fast as its frames are taken (LiveSource::waitForQueueRoom), so none is dropped.
#pragma once

#include "app/live/live_source.h"
#include "core/live/frame_decoder.h"
#include "core/live/stream_decoder.h"
#include "core/live/stream_format.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>

namespace bvhscope::live {

struct GrowingFileOptions {
    std::filesystem::path path;
    bvh::live::StreamFormat format = bvh::live::StreamFormat::Bvh;
    bvh::live::DecoderOptions decoder;
    std::chrono::milliseconds pollInterval{50};
};

class GrowingFileSource final : public LiveSource {
public:
    static constexpr std::size_t kReadBytes = std::size_t{1} << 20;
    // Bytes from the start of the file compared at each look to notice a rewrite.
    static constexpr std::size_t kWatchedPrefixBytes = 4096;

    explicit GrowingFileSource(GrowingFileOptions options) : options_(std::move(options)) {}
    ~GrowingFileSource() override { stop(); }

protected:
    void run() override;

private:
    enum class Look { Grew, Same, Rewritten, Unreadable };
    // Reads what was appended since the last look (up to kReadBytes) into `bytes`.
    Look look(std::string& bytes, std::string& error);
    void decodeAndPublish(bvh::live::StreamDecoder& decoder, std::string_view bytes,
                          LiveClock::time_point readAt);

    GrowingFileOptions options_;
    std::uint64_t offset_ = 0;
    std::string prefix_; // the file's first bytes as read (up to kWatchedPrefixBytes)
    std::uint32_t connection_ = 0;
};

} // namespace bvhscope::live
