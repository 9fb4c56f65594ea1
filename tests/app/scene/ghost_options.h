// The overlay tests' ghosts and body look, set up the same way by each of them.
#pragma once

#include "app/scene/overlays.h"
#include "app/scene/scene.h"

namespace bvhscope::viewer::test {

// Ghosts on: `count` either side, `step` frames apart, the nearest pair `opacity` opaque.
inline scene::OverlayOptions ghostsEvery(int step, int count,
                                         float opacity = scene::OverlayOptions{}.ghostOpacity) {
    scene::OverlayOptions options;
    options.ghosts = true;
    options.ghostCount = count;
    options.ghostStep = step;
    options.ghostOpacity = opacity;
    return options;
}

// Every figure drawn as a body.
inline scene::SceneLook bodiesLook() {
    scene::SceneLook look;
    look.bodies = true;
    return look;
}

} // namespace bvhscope::viewer::test
