// BVHSCOPE_VECTOR_CLONES before a function compiles it twice on x86-64 ELF builds, for SSE2
// (every x86-64) and AVX2 (four doubles per instruction), and the loader picks one for the CPU
// (an ifunc); elsewhere it is the one plain function. Neither clone enables FMA, so a file built
// with -ffp-contract=off (core/CMakeLists.txt) performs the same IEEE operations in both and
// gets the same bits as its scalar code. A 32-byte vector must not cross a call in such a
// function (in the SSE2 clone it would go in memory; Clang refuses it): keep vector helpers
// always inlined, taking vectors by reference.
#pragma once

// Not under ThreadSanitizer: the loader runs a clone's resolver before the sanitizer's runtime
// is up, and GCC instruments the resolver, so a -fsanitize=thread build crashed at its start.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__) &&        \
    !defined(__SANITIZE_THREAD__)
#define BVHSCOPE_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define BVHSCOPE_VECTOR_CLONES
#endif
