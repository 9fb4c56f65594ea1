// libFuzzer target: any file the reader loads gives a body or no body with a reason, never a
// crash, a hang or a sanitizer report, and a body given is whole (tests/core/body/
// body_invariants.h), built as `convert --body` and the viewer build it. Hostile skeletons reach
// the builder here that no capture holds: offsets of 1e30 beside 1e-30, every joint at one
// point, hundreds of children of one joint.
#include "core/reader/document.h"
#include "tests/core/body/body_invariants.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document document = bvh::parseDocument(text);
    if (!document.loaded()) {
        return 0;
    }
    // The input's length picks how root translations are read: each mode binds differently.
    const auto translation = static_cast<bvh::TranslationMode>(size % 3);
    const bvh::BodyResult body = bvh::test::buildBodyAsConverted(document, translation);
    if (std::string problem = bvh::test::bodyInvariantViolation(body, document.skeleton);
        !problem.empty()) {
        std::fprintf(stderr, "body invariant broken: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
