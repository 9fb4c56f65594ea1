// The page's window is its canvas: no window-system name to give a dialog (native_window.h).
#include "app/viewer/platform/native_window.h"

namespace bvhscope::viewer {

std::string dialogParentOf(GLFWwindow* /*window*/) {
    return "";
}

} // namespace bvhscope::viewer
