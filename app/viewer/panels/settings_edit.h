// How a panel's option widgets change the settings (issue 43): they edit `values`, a copy taken
// when the edit begins, and when the edit ends a copy that differs is pushed as
// command::ChangeSettings, which the session applies within the options table's ranges. So no
// panel writes the session's settings, and a widget's range is checked in one place.
//
//   SettingsEdit edit(state);  // or, from a PanelContext: edit(panel.state.settings,
//   panel.commands) ImGui::Checkbox("Grid", &edit.values.showGrid);
//
// Edits may overlap or follow each other in one frame: each command carries only what its
// widgets changed.
#pragma once

#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

class SettingsEdit {
public:
    SettingsEdit(const scene::ViewerSettings& settings, CommandQueue& commands)
        : commands_(commands), before_(settings), values(settings) {}
    explicit SettingsEdit(ViewerState& state) : SettingsEdit(state.settings, state.commands) {}
    ~SettingsEdit() {
        if (!(values == before_)) {
            commands_.push(command::ChangeSettings{before_, values});
        }
    }
    SettingsEdit(const SettingsEdit&) = delete;
    SettingsEdit& operator=(const SettingsEdit&) = delete;

private:
    CommandQueue& commands_;
    scene::ViewerSettings before_;

public:
    scene::ViewerSettings values;
};

} // namespace bvhscope::viewer
