// A character from BVH text, as the viewer loads a file, shown Y up in metres: for the scene's
// tests that write skeletons by hand and derive their radii and positions in metres.
#pragma once

#include "app/scene/character.h"
#include "core/reader/document.h"

#include <gtest/gtest.h>
#include <string>
#include <utility>

namespace bvhscope::viewer::test {

inline scene::Character characterInMetres(const std::string& text) {
    bvh::Document document = bvh::parseDocument(text);
    EXPECT_TRUE(document.loaded());
    scene::Character character = scene::makeCharacter("test", "", std::move(document));
    scene::applyAxes(character, scene::UpAxisChoice::PositiveY, scene::UnitChoice::Metre);
    return character;
}

} // namespace bvhscope::viewer::test
