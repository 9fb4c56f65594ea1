// render/gl/glfw_joystick_library.h on Windows: the XInput DLL GLFW will use, loaded and pinned.
#include "render/gl/glfw_joystick_library.h"

#include <windows.h>

namespace bvhscope::render {

namespace {

// GLFW 3.3's order (win32_init.c, loadLibraries): the first that loads is the one it keeps.
constexpr const wchar_t* kXInputNames[] = {L"xinput1_4.dll", L"xinput1_3.dll", L"xinput9_1_0.dll",
                                           L"xinput1_2.dll", L"xinput1_1.dll"};

bool loadAndPinXInput() {
    for (const wchar_t* name : kXInputNames) {
        if (::LoadLibraryW(name) != nullptr) {
            HMODULE pinned = nullptr;
            return ::GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_PIN, name, &pinned) != 0;
        }
    }
    return false; // no XInput: GLFW finds none either, and frees nothing
}

} // namespace

void keepGlfwJoystickLibraryLoaded() {
    static const bool pinned = loadAndPinXInput(); // once per process
    static_cast<void>(pinned);
}

} // namespace bvhscope::render
