// Following a BVH file while another program writes it (a capture tool recording to disk, or
// `bvhscope record`'s partial file): the rows already there and every complete row appended
// later become frames; a partial last line waits for its end.
//
// The file is looked at every `pollInterval` (no inotify: the same code on every platform and on
// network shares, at the cost of up to that much latency), opened afresh each time by name and
// without blocking (bvh::FileInput): whatever is put at the name (a named pipe, which would make
// a plain open wait for a writer, a device, a directory) is refused with what it is in the
// status, and the source keeps looking, its thread and the consumer never held up.
//
// The file read is told apart from others by its identity (device and inode; volume and file
// index on Windows), not its contents: another file renamed over the name, even one with the
// same header, was replaced, and is read from its start. A file that shrinks, or whose first
// bytes up to MOTION change (a header rewritten in place; the `Frames:` count after MOTION may
// change in place without that), was rewritten. Either is announced as the end of one
// "connection" and the start of the next (LiveEvent::Disconnected with "replaced by another
// file" or "rewritten", then Connected with the next number), and the file is read again from
// its first byte, so a consumer drops what it had and reloads; it is never appended to from the
// old file's offset (the file read is held open, so its identity cannot pass to a new file).
// A missing or unreadable file is retried, with the reason in the status
// (Reconnecting); the same file readable again goes on where it was.
//
// Memory: one read block (kReadBytes) and the decoder's bounds; a long file is read only as
// fast as its frames are taken (LiveSource::waitForQueueRoom), so none is dropped.
#pragma once

#include "app/live/live_source.h"
#include "core/live/frame_decoder.h"
#include "core/live/stream_decoder.h"
#include "core/live/stream_format.h"
#include "core/platform/file_input.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
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
    enum class Look { Grew, Same, Rewritten, Replaced, Unreadable };
    // Reads what was appended since the last look (up to kReadBytes) into `bytes`; the reason
    // in `error` when Unreadable.
    Look look(std::string& bytes, std::string& error);
    // Opens the file at the name when none is open (Same when it opened); otherwise whether the
    // name still names the file open (Same), another one (Replaced) or nothing readable.
    Look openOrCheckName(std::string& error);
    // Whether the first bytes read, up to MOTION, are still what the file holds there.
    bool headerUnchanged();
    // Back to the state before the first look: the next look reads whatever file is at the name
    // from its first byte.
    void forgetFile();
    void decodeAndPublish(bvh::live::StreamDecoder& decoder, std::string_view bytes,
                          LiveClock::time_point readAt);

    GrowingFileOptions options_;
    std::uint64_t offset_ = 0; // bytes of the file read so far
    std::string prefix_;       // the file's first bytes as read (up to kWatchedPrefixBytes)
    // The file read, held open while it is followed: its identity cannot be given to a new
    // file meanwhile (an inode is reused once its file is gone), so a file put at the name is
    // always told apart from it. Until another file replaces it, a file deleted meanwhile
    // keeps its disk space.
    bvh::FileInput file_;
    std::optional<bvh::FileIdentity> identity_; // of file_
    std::uint32_t connection_ = 0;
};

} // namespace bvhscope::live
