// libFuzzer target: any text read as the web page reads a download (core/reader/streamed_text.h:
// appended in uneven pieces while a SteppedLoad reads whole lines between them, the sender
// waiting when advised to and stopping when told to) must give the one-shot parse's Document to
// the bit, never a crash, a hang or a sanitizer report; and a sender advised to wait is never
// waited on by its reader.
//
// The input is the text; its last two bytes also choose the pieces and the step sizes (so a
// capture given as a seed is read whole, and a mutation of its end reads it another way).
#include "core/reader/document.h"
#include "core/reader/stepped_load.h"
#include "core/reader/streamed_text.h"
#include "tests/core/document_difference.h"
#include "tests/core/document_invariants.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "%s\n", what.c_str());
    std::abort();
}

// Piece sizes from 1 byte to 4 KB, the same for the same seed (a network's are as uneven).
class PieceSizes {
public:
    explicit PieceSizes(std::uint8_t seed) : state_(seed * 2654435761u + 1u) {}
    std::size_t next() {
        state_ = state_ * 1664525u + 1013904223u;
        const unsigned bits = (state_ >> 24) % 13;
        return 1 + ((state_ >> 4) & ((1u << bits) - 1u));
    }

private:
    std::uint32_t state_;
};

constexpr int kMostCalls = 1'000'000; // far beyond any input's steps: a hang guard

bvh::Document loadStreamed(std::string_view text, std::uint8_t pieceSeed, std::uint8_t shape) {
    // Whole lines from which the sender is told to wait: small, so that small inputs wait.
    const std::uint64_t waitAhead = 16 + (shape & 0x3f);
    const std::uint64_t declared = (shape & 0x40) != 0 ? text.size() : 0;
    bvh::LoadStepSizes sizes;
    if ((shape & 0x80) != 0) {
        sizes = {64, 200}; // a block boundary in nearly every line
    }
    auto streamed = std::make_shared<bvh::StreamedText>(declared, waitAhead);
    bvh::SteppedLoad load("f.bvh", streamed, {}, sizes);
    PieceSizes pieces(pieceSeed);
    std::size_t at = 0;
    for (int call = 0; call < kMostCalls && !load.finished(); ++call) {
        const bvh::SendAdvice advice = streamed->advice();
        if (advice == bvh::SendAdvice::Stop || at == text.size()) {
            streamed->close(); // what the page does when told to stop, or at the body's end
            at = text.size();
        } else if (advice == bvh::SendAdvice::Wait) {
            if (load.waitingForText()) {
                fail("the text advised its sender to wait while its reader waited for text");
            }
        } else {
            const std::size_t size = std::min(pieces.next(), text.size() - at);
            streamed->append(std::span<const char>(text.data() + at, size));
            at += size;
        }
        if (!load.waitingForText() || at == text.size()) {
            load.advance(std::chrono::nanoseconds(0));
        }
    }
    if (!load.finished()) {
        fail("the streamed load did not finish");
    }
    return load.take();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) {
        return 0;
    }
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document streamed = loadStreamed(text, data[size - 1], data[size - 2]);
    if (std::string problem = bvh::test::documentInvariantViolation(streamed); !problem.empty()) {
        fail("invariant broken: " + problem);
    }
    bvh::ParseOptions oneThread;
    oneThread.threads = 1;
    if (std::string difference =
            bvh::test::documentDifference(streamed, bvh::parseDocument(text, oneThread));
        !difference.empty()) {
        fail("the streamed load differs from the one-shot parse in " + difference);
    }
    return 0;
}
