// Vectors kept between analyses by the thread's caller, by element type. `info` over a library of
// takes and the Browser's summary workers analyse take after take, and the stance's per-sample
// vectors (240 samples: 1.4-24 KiB each, about twenty a take) were each allocated past glibc's
// per-thread cache (1 KiB), a walk of the arena's bins, and freed again, each into memory the
// next take then met cold. Here the analysis takes a vector given back by an earlier one, with
// its allocation (and whatever it held), and gives it back when done: over the 175 takes of the
// README's `info --json` figures, allocations over 1 KiB 4 193 -> 1 060 (`check`'s 622).
//
// The vectors live in a KeptVectors the caller owns (the info pages' threads, the Browser's
// summary workers, gatherTakeFeatures' threads) and installs for its thread with a
// KeptVectorsScope; without one the analyses allocate and free as before. Not thread_local
// vectors: under MinGW-w64 (GCC 12, emulated TLS) a thread_local object's destructor runs at
// the thread's exit AFTER emutls has freed the object's storage (both are winpthreads key
// destructors, emutls's key made first), so it read freed memory and freed what it found there:
// the Windows build crashed under Wine in RtlFreeHeap (README "Windows"). Only the pointer to the
// installed KeptVectors is thread_local here, trivially destroyed.
//
// Each element type has its kept vectors, and a `Tag` type gives a use its own: a buffer read only
// as far as it was written (takeKeptBuffer) keeps its length there, where the vectors that are
// cleared and refilled would otherwise have taken it and given it back empty.
//
// Internal to the core's analyses. Never throws (but std::bad_alloc) or prints.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace bvh {

namespace kept_vectors_detail {

// How many vectors of one element type and tag are kept, and the largest kept (a rig of
// thousands of joints frees its vectors as before rather than holding them): at most 8 MiB a
// type and tag.
inline constexpr std::size_t kKeptPerType = 8;
inline constexpr std::size_t kLargestKeptBytes = std::size_t{1} << 20;

// One address per element type and tag: the key of their kept vectors.
template <typename T, typename Tag>
inline constexpr char kKindKey = 0;

} // namespace kept_vectors_detail

// The vectors kept for one thread's analyses, by element type and tag. Owned by the caller; used
// by the analyses on a thread while a KeptVectorsScope of it is alive there (one thread at a
// time). Frees what it keeps when destroyed.
class KeptVectors {
public:
    KeptVectors();
    ~KeptVectors();
    KeptVectors(const KeptVectors&) = delete;
    KeptVectors& operator=(const KeptVectors&) = delete;

    // The vectors kept of element type T and tag Tag (empty at first).
    template <typename T, typename Tag>
    std::vector<std::vector<T>>& spares() {
        const void* const key = &kept_vectors_detail::kKindKey<T, Tag>;
        for (Kind& kind : kinds_) {
            if (kind.key == key) {
                return static_cast<Spares<T>&>(*kind.spares).vectors;
            }
        }
        auto made = std::make_unique<Spares<T>>();
        std::vector<std::vector<T>>& vectors = made->vectors;
        vectors.reserve(kept_vectors_detail::kKeptPerType); // one allocation, once per kind
        kinds_.push_back({key, std::move(made)});
        return vectors;
    }

    // The KeptVectors installed on the calling thread (KeptVectorsScope), or null.
    static KeptVectors* current();

private:
    friend class KeptVectorsScope;

    struct AnySpares {
        virtual ~AnySpares() = default;
    };
    template <typename T>
    struct Spares final : AnySpares {
        std::vector<std::vector<T>> vectors;
    };
    struct Kind {
        const void* key;
        std::unique_ptr<AnySpares> spares;
    };
    std::vector<Kind> kinds_; // a take's analyses use about fifteen kinds: a walk finds one
};

// Installs `kept` for the analyses on the calling thread until destroyed (the one installed
// before is restored then). `kept` must outlive the scope.
class KeptVectorsScope {
public:
    explicit KeptVectorsScope(KeptVectors& kept);
    ~KeptVectorsScope();
    KeptVectorsScope(const KeptVectorsScope&) = delete;
    KeptVectorsScope& operator=(const KeptVectorsScope&) = delete;

private:
    KeptVectors* previous_;
};

// A vector given back on this thread's KeptVectors (keepVector), its elements as it was given
// back (the caller clears, assigns or resizes it; growing within its capacity allocates nothing),
// or an empty one (always, where no KeptVectors is installed). Of those kept, the one with the
// fewest elements of at least `count` (else the most): the vectors of one type serve different
// lengths (a 240-sample row, a take's leaves times 240), and a short one taken for a long use had
// its new elements zeroed.
template <typename T, typename Tag = void>
std::vector<T> takeKeptVector(std::size_t count = 0) {
    KeptVectors* const kept = KeptVectors::current();
    if (kept == nullptr) {
        return {};
    }
    std::vector<std::vector<T>>& spares = kept->spares<T, Tag>();
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
// thread, unless no KeptVectors is installed, it has none, is too large or enough of its type and
// tag are kept already (it is freed then). Leaves `vector` empty either way.
template <typename Tag = void, typename T>
void keepVector(std::vector<T>& vector) {
    KeptVectors* const kept = KeptVectors::current();
    const std::size_t bytes = vector.capacity() * sizeof(T);
    if (kept != nullptr && bytes > 0 && bytes <= kept_vectors_detail::kLargestKeptBytes) {
        std::vector<std::vector<T>>& spares = kept->spares<T, Tag>();
        if (spares.size() < kept_vectors_detail::kKeptPerType) {
            spares.push_back(std::move(vector));
        }
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

// A vector taken with takeKeptVector and kept again when it goes out of scope (on the thread's
// KeptVectors then: a KeptVector must not outlive the scope it was taken in).
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
