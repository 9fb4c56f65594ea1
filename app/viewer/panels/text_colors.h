// The colours the panels give text that warns: one amber for every warning a panel states in
// words (Info's findings, Compare's notes), so they read alike wherever they are.
#pragma once

#include <imgui.h>

namespace bvhscope::viewer {

inline const ImVec4 kWarningTextColor(1.0f, 0.72f, 0.30f, 1.0f);

} // namespace bvhscope::viewer
