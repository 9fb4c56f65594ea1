// The bundled walk cycle as a viewer Character, for tests of the viewer's model that need a
// real figure and no file. Header-only.
#pragma once

#include "app/viewer/io/file_loading.h"

#include <gtest/gtest.h>
#include <utility>

namespace bvhscope::viewer::test {

inline scene::Character bundledSample() {
    LoadOutcome outcome = loadBundledSample();
    EXPECT_TRUE(outcome.errorLines.empty());
    return std::move(*outcome.character);
}

} // namespace bvhscope::viewer::test
