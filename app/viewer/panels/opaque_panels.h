// The part of the window the 3D view shows through the UI: the viewer's panels are opaque, so
// the scene is drawn only where no panel covers it (SceneDrawer::draw's visibleArea). On a
// software renderer that halves the pixels shaded per frame with the default layout.
#pragma once

#include "render/math/uncovered_area.h"

#include <vector>

namespace bvhscope::viewer {

// Whether every panel's background, title bar and menu bar are drawn opaque in the current
// ImGui style. Otherwise nothing counts as covered.
bool panelsAreOpaque();

// Framebuffer pixels (top-left origin) that this frame's top-level ImGui windows paint with
// opaque pixels: call after ImGui::Render, which settles what is drawn (it drops the implicit
// "Debug" window when nothing was put in it). Collapsed windows (a translucent title bar),
// popups, menus and tooltips do not count, nor rounded corners.
std::vector<render::PixelRect> opaquePanelRects();

// The bounding rectangle of the framebuffer pixels no panel covers (see uncoveredBounds).
render::PixelRect areaOutsidePanels(int framebufferWidth, int framebufferHeight);

} // namespace bvhscope::viewer
