// The docked layout's own ImGui parts (the layout's arithmetic is dock_layout.h): the strips of
// collapsed columns, the compact layout's row of tabs (a phone), the View menu, the "Tab: show
// panels" hint while panels are hidden (in the page, a Show panels button), and the keyboard
// shortcut sheet (F1 or ?): every row of the bindings table (key_bindings.h).
#pragma once

#include "app/viewer/panels/panel_context.h"
#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

// Draws the strips of collapsed columns (a button expands each), the compact layout's tabs
// (each opens its panel in the drawer, or closes it), the hint or button while Tab hid the
// panels, and the shortcut sheet when asked for. Call once a frame, before the panels.
void drawDockControls(ViewerState& state, float scale);

// The edges between the columns, the view and the analysis dock, dragged to resize the docks
// (the new sizes are kept as fractions of the window). Call after the panels: on top of them.
void drawSplitters(PanelContext panel, float scale);

// The View menu, inside a menu bar (the Files panel's): hide panels, collapse columns, Compare,
// shortcuts.
void drawViewMenu(ViewerState& state);

} // namespace bvhscope::viewer
