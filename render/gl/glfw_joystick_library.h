// GLFW's joystick library on Windows, kept loaded until the process ends.
//
// glfwInit (GLFW 3.3, win32_init.c) loads the first XInput DLL it finds (xinput1_4, 1_3, 9_1_0,
// 1_2, 1_1), asks it for pads, and glfwTerminate frees it. Wine's XInput answers from a thread of
// its own ("wine_xinput_hid") started on the first question; freed while that thread still runs,
// the DLL's code is unmapped under it, and the thread faults on its next step ("Unhandled page
// fault on execute access" at an address inside the DLL's old mapping: found with the process's
// /proc maps after the fault). A process that starts and ends GLFW many times (render_gl_tests,
// one hidden window per test) crashed so in 8 of 30 runs on a loaded machine; a
// viewer or `render` could at its exit. Loading the same DLL first and pinning it
// (GET_MODULE_HANDLE_EX_FLAG_PIN) keeps it mapped: GLFW's FreeLibrary then only drops a count.
// On Windows itself that keeps one small system DLL loaded.
#pragma once

namespace bvhscope::render {

// Call before each glfwInit; any thread, any number of times. Does nothing off Windows.
#ifdef _WIN32
void keepGlfwJoystickLibraryLoaded();
#else
inline void keepGlfwJoystickLibraryLoaded() {}
#endif

} // namespace bvhscope::render
