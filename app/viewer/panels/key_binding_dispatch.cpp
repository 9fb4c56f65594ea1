// Key handling through the bindings table (key_bindings.h).
#include "app/viewer/panels/key_bindings.h"

#include <imgui.h>

namespace bvhscope::viewer {

namespace {

// The first binding whose chord is `press`, among the rows that apply here; null: none.
const KeyBinding* bindingOf(const KeyPress& press, bool inBrowser) {
    for (const Shortcut& shortcut : shortcutTable()) {
        if (inBrowser && shortcut.reach == BindingReach::DesktopOnly) {
            continue;
        }
        for (const KeyBinding& binding : shortcut.keys) {
            if (binding.chord.matches(press)) {
                return &binding;
            }
        }
    }
    return nullptr;
}

void runBinding(ViewerState& state, const KeyBinding& binding) {
    if (const auto* action = std::get_if<KeyAction>(&binding.run)) {
        (*action)(state);
    } else {
        state.commands.push(std::get<Command>(binding.run));
    }
}

} // namespace

void runKeyBindings(ViewerState& state, const std::vector<KeyPress>& presses, bool inBrowser) {
    for (const KeyPress& press : presses) {
        const KeyBinding* binding = bindingOf(press, inBrowser);
        if (binding && (binding->repeats || !press.repeat)) {
            runBinding(state, *binding);
        }
    }
}

bool bindingPressedInImGui(std::string_view name) {
    const ImGuiIO& io = ImGui::GetIO();
    const int mods =
        (io.KeyShift ? kShiftKey : 0) | (io.KeyCtrl ? kCtrlKey : 0) | (io.KeyAlt ? kAltKey : 0);
    for (const Shortcut& shortcut : shortcutTable()) {
        for (const KeyBinding& binding : shortcut.keys) {
            // ImGui 1.86's key index is the window's key code (GLFW's), as input_queue.h keeps.
            if (binding.name == name && ImGui::IsKeyPressed(binding.chord.key, false) &&
                binding.chord.matches(KeyPress{binding.chord.key, mods, false})) {
                return true;
            }
        }
    }
    return false;
}

} // namespace bvhscope::viewer
