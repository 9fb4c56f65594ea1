// Helpers for the bindings table's tests (app/viewer/panels/key_bindings.h): its bindings, found
// by name, and the press a user makes for a chord.
#pragma once

#include "app/viewer/panels/key_bindings.h"

#include <gtest/gtest.h>
#include <string_view>
#include <utility>
#include <vector>

namespace bvhscope::viewer::binding_test {

// Every binding of the table with the row it is in.
inline std::vector<std::pair<const Shortcut*, const KeyBinding*>> everyBinding() {
    std::vector<std::pair<const Shortcut*, const KeyBinding*>> bindings;
    for (const Shortcut& shortcut : shortcutTable()) {
        for (const KeyBinding& binding : shortcut.keys) {
            bindings.emplace_back(&shortcut, &binding);
        }
    }
    return bindings;
}

// The press a user makes for `chord`: its key with exactly the modifiers it needs.
inline KeyPress pressFor(const KeyChord& chord, bool repeat = false) {
    return KeyPress{chord.key, chord.required, repeat};
}

inline const KeyBinding& bindingNamed(std::string_view name) {
    for (const auto& [shortcut, binding] : everyBinding()) {
        if (binding->name == name) {
            return *binding;
        }
    }
    ADD_FAILURE() << "no binding named " << name;
    static const KeyBinding kNone{};
    return kNone;
}

} // namespace bvhscope::viewer::binding_test
