// Inputs for the benchmarks: large BVH texts built by repeating a capture's rows, the way the
// performance figures in the README were measured (a 31-joint CMU capture from ../shared/corpus
// when present, the bundled-style synthetic walk otherwise).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace bvh::bench {

// BVH text with `frames` motion rows. Built once per frame count and cached.
const std::string& largeCapture(std::size_t frames);

// The same text written to a file under the system temp directory (written once).
std::filesystem::path largeCaptureFile(std::size_t frames);

// Which capture the rows come from, for the benchmark labels.
std::string largeCaptureSource();

} // namespace bvh::bench
