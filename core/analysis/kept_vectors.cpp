#include "core/analysis/kept_vectors.h"

namespace bvh {

namespace {

// A pointer, trivially destroyed: nothing runs at the thread's exit (kept_vectors.h says why a
// thread_local with a destructor is not safe under MinGW-w64).
thread_local KeptVectors* installed = nullptr;

} // namespace

KeptVectors::KeptVectors() = default;
KeptVectors::~KeptVectors() = default;

KeptVectors* KeptVectors::current() {
    return installed;
}

KeptVectorsScope::KeptVectorsScope(KeptVectors& kept) : previous_(installed) {
    installed = &kept;
}

KeptVectorsScope::~KeptVectorsScope() {
    installed = previous_;
}

} // namespace bvh
