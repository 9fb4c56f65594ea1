// libFuzzer target: any datagram given to the VMC (OSC) and mocopi decoders is counted or
// decoded, never a crash, a hang, a read past its end or a sanitizer report; and every frame they
// give has one finite value per channel of the skeleton given with it.
#include "core/live/mocopi_decoder.h"
#include "core/live/vmc_decoder.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

namespace {

void checkFrames(const bvh::live::DatagramDecoder& decoder,
                 const std::vector<bvh::live::LiveFrame>& frames) {
    for (const bvh::live::LiveFrame& frame : frames) {
        if (decoder.skeleton() == nullptr ||
            frame.values.size() != decoder.skeleton()->totalChannels()) {
            std::fprintf(stderr, "a frame without its skeleton's channel count\n");
            std::abort();
        }
        for (std::size_t i = 0; i < frame.values.size(); ++i) {
            if (!std::isfinite(frame.values[i])) {
                std::fprintf(stderr, "%s: value %zu of a frame is not finite\n",
                             std::string(decoder.formatName()).c_str(), i);
                std::abort();
            }
        }
    }
}

// The input as several datagrams: split at each 0xff 0xfe pair, so a corpus can hold a
// skeleton and frames, or a VMC frame's messages.
void run(bvh::live::DatagramDecoder& decoder, std::span<const std::uint8_t> bytes) {
    std::vector<bvh::live::LiveFrame> frames;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= bytes.size(); ++i) {
        const bool end =
            i == bytes.size() || (i + 1 < bytes.size() && bytes[i] == 0xff && bytes[i + 1] == 0xfe);
        if (!end) {
            continue;
        }
        decoder.read(bytes.subspan(start, i - start));
        while (decoder.step(static_cast<double>(i), frames)) {
            checkFrames(decoder, frames);
            frames.clear();
        }
        start = i + 2;
    }
    decoder.endOfInput();
    while (decoder.step(0.0, frames)) {
        checkFrames(decoder, frames);
        frames.clear();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> bytes(data, size);
    bvh::live::VmcDecoder vmc;
    run(vmc, bytes);
    bvh::live::MocopiDecoder mocopi;
    run(mocopi, bytes);
    return 0;
}
