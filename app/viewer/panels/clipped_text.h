// A check that no panel cuts its text ("Remov", "MSAA samp"): after ImGui::Render, every panel
// (and child window) is looked at for two signs of text cut at the right edge. GUI tests read
// the findings through --state-out (`clipped NAME DETAIL` lines) at several window sizes and
// content scales; the viewer itself never needs them.
//
//   overflow: items were laid out past the window's visible width (no panel scrolls
//             sideways, so whatever is past it cannot be seen);
//   glyph:    a glyph drawn across the edge of its clip rectangle (a label cut by its column,
//             its window or a widget's frame).
//
// A glyph wholly past an edge leaves no trace of its own; the overflow check catches those
// whose item is past the edge, and the elided names (layout/text_elision.h) never are. A window
// that scrolls sideways (the joint tree, nested deeper than its column) is left out: its lines
// continue when scrolled.
#pragma once

#include <string>
#include <vector>

namespace bvhscope::viewer {

// One finding per window at most of each kind: "Info glyph 1240,88", "Settings overflow 31".
std::vector<std::string> findClippedText();

} // namespace bvhscope::viewer
