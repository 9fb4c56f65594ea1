// Vectors kept per thread between analyses, by element type. `info` over a library of takes and
// the Browser's summary workers analyse take after take, and the stance's per-sample vectors (240
// samples: 1.4-24 KiB each, about twenty a take) were each allocated past glibc's per-thread
// cache (1 KiB), a walk of the arena's bins, and freed again, each into memory the next take then
// met cold. Here the analysis takes a vector given back by an earlier one on the same thread,
// with its allocation (and whatever it held), and gives it back when done: over the 175 takes of
// the README's `info --json` figures, allocations over 1 KiB 4 193 -> 1 060 (`check`'s 622).
//
// Each element type has its kept vectors, and a `Tag` type gives a use its own: a buffer read only
// as far as it was written (takeKeptBuffer) keeps its length there, where the vectors that are
// cleared and refilled would otherwise have taken it and given it back empty.
//
// Internal to the core's analyses. Never throws (but std::bad_alloc) or prints.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace bvh {

namespace kept_vectors_detail {

// How many vectors of one element type and tag a thread keeps, and the largest it keeps (a rig
// of thousands of joints frees its vectors as before rather than holding them): at most 8 MiB a
// type and tag.
inline constexpr std::size_t kKeptPerType = 8;
inline constexpr std::size_t kLargestKeptBytes = std::size_t{1} << 20;

template <typename T, typename Tag>
std::vector<std::vector<T>>& spares() {
    thread_local std::vector<std::vector<T>> kept;
    return kept;
}

} // namespace kept_vectors_detail

// A vector given back on this thread (keepVector), its elements as it was given back (the caller
// clears, assigns or resizes it; growing within its capacity allocates nothing), or an empty one.
// Of those kept, the one with the fewest elements of at least `count` (else the most): the
// vectors of one type serve different lengths (a 240-sample row, a take's leaves times 240), and
// a short one taken for a long use had its new elements zeroed.
template <typename T, typename Tag = void>
std::vector<T> takeKeptVector(std::size_t count = 0) {
    std::vector<std::vector<T>>& spares = kept_vectors_detail::spares<T, Tag>();
    if (spares.empty()) {
        return {};
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < spares.size(); ++i) {
        const std::size_t size = spares[i].size();
        const std::size_t bestSize = spares[best].size();
        const bool fits = size >= count;
        const bool bestFits = bestSize >= count;
        if (fits != bestFits ? fits : (fits ? size < bestSize : size > bestSize)) {
            best = i;
        }
    }
    std::vector<T> vector = std::move(spares[best]);
    spares[best] = std::move(spares.back());
    spares.pop_back();
    return vector;
}

// Keeps `vector`'s allocation, with its elements, for a later takeKeptVector<T, Tag> on this
// thread, unless it has none, is too large or the thread keeps enough of its type and tag already
// (it is freed then). Leaves `vector` empty either way.
template <typename Tag = void, typename T>
void keepVector(std::vector<T>& vector) {
    std::vector<std::vector<T>>& spares = kept_vectors_detail::spares<T, Tag>();
    const std::size_t bytes = vector.capacity() * sizeof(T);
    if (bytes > 0 && bytes <= kept_vectors_detail::kLargestKeptBytes &&
        spares.size() < kept_vectors_detail::kKeptPerType) {
        if (spares.capacity() == 0) {
            spares.reserve(kept_vectors_detail::kKeptPerType); // one allocation, once per thread
        }
        spares.push_back(std::move(vector));
    }
    std::vector<T>().swap(vector);
}

// A vector of `count` elements, taken as takeKeptVector gives it (so the first `count` hold
// unspecified values of a previous use unless it grew): for one the caller writes whole.
template <typename T, typename Tag = void>
std::vector<T> takeKeptVectorOfSize(std::size_t count) {
    std::vector<T> vector = takeKeptVector<T, Tag>(count);
    vector.resize(count);
    return vector;
}

// A vector of at least `count` elements, for a caller that reads only the first `count` once it
// has written them: never shrunk, so a long take after a short one zeroes nothing (resized to
// each take's length, a 240-sample buffer grown back after a short take zeroed the difference).
template <typename T, typename Tag = void>
std::vector<T> takeKeptBuffer(std::size_t count) {
    std::vector<T> vector = takeKeptVector<T, Tag>(count);
    if (vector.size() < count) {
        vector.resize(count);
    }
    return vector;
}

// A vector taken with takeKeptVector and kept again when it goes out of scope.
template <typename T, typename Tag = void>
class KeptVector {
public:
    // Empty, with room for `count` (a kept allocation where one is large enough).
    static KeptVector cleared(std::size_t count) {
        KeptVector kept(takeKeptVector<T, Tag>(count));
        kept->clear();
        kept->reserve(count);
        return kept;
    }
    // takeKeptBuffer's: at least `count` elements, only those written known.
    static KeptVector buffer(std::size_t count) {
        return KeptVector(takeKeptBuffer<T, Tag>(count));
    }

    explicit KeptVector(std::vector<T> vector) : vector_(std::move(vector)) {}
    ~KeptVector() { keepVector<Tag>(vector_); }
    KeptVector(KeptVector&& other) noexcept : vector_(std::exchange(other.vector_, {})) {}
    KeptVector& operator=(KeptVector&& other) noexcept {
        std::swap(vector_, other.vector_);
        return *this;
    }
    KeptVector(const KeptVector&) = delete;
    KeptVector& operator=(const KeptVector&) = delete;

    std::vector<T>& operator*() { return vector_; }
    const std::vector<T>& operator*() const { return vector_; }
    std::vector<T>* operator->() { return &vector_; }
    const std::vector<T>* operator->() const { return &vector_; }

private:
    std::vector<T> vector_;
};

} // namespace bvh
