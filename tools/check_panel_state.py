#!/usr/bin/env python3
"""Checks that panels read the viewer's state and push commands (issue 43): no function in
app/viewer/panels takes a mutable `ViewerState&`, except the entries listed in NOT_YET_CONVERTED.

A panel draws from a PanelContext (app/viewer/panels/panel_context.h): the state to read only,
the command queue, the widget rectangles; a form or other state only the interface keeps is
given to it on its own. A function taking `ViewerState&` (not `const ViewerState&`) could write
any session field, so each is flagged with its file, line and name:

    app/viewer/panels/some_panel.cpp:12: drawThing takes a mutable ViewerState&

NOT_YET_CONVERTED names the functions that still do, file by file, until they are converted: the
list only shrinks. An entry that no longer takes one is reported too, so the list stays true.
Comments and string literals are skipped; a parameter is found as `ViewerState&` or
`ViewerState &` not preceded by `const`, and the function it belongs to is the name before the
parenthesis it sits in (a `using X = void (*)(ViewerState&)` names X, a lambda's is "(lambda)").

Usage: check_panel_state.py [--root DIR]
Exit status: 0 when only the listed functions take one and each still does, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

PANELS = "app/viewer/panels"

# File (under app/viewer/panels) -> functions that still take a mutable ViewerState&.
NOT_YET_CONVERTED = {
    # Entries whose bodies draw from a PanelContext; the frame loop calls them with its state.
    "analysis_panels.h": {"drawCurvesPanel", "drawComparePanel"},
    "compare_panel.cpp": {"drawComparePanel"},
    "curves_panel.cpp": {"drawCurvesPanel"},
    "dock_panels.h": {"drawDockControls", "drawViewMenu"},
    "dock_panels.cpp": {"drawDockControls", "drawViewMenu"},
    "error_popup.cpp": {"drawErrorPopup"},
    "export_dialog.cpp": {"openExportDialog", "openVideoExportDialog", "drawExportMenuItems",
                          "drawExportDialog"},
    "file_chooser_panel.cpp": {"drawInWindowChooser"},
    "info_panel.cpp": {"drawInfoPanel"},
    "joint_tree_panel.cpp": {"drawJointTreePanel"},
    "live_panel.cpp": {"drawLiveMenuItems", "drawLiveConnectDialog"},
    "notices_panel.cpp": {"drawNotices"},
    "picture_dialog.cpp": {"openPictureDialog"},
    "retarget_panels.h": {"drawRetargetMapPanel"},
    "retarget_map_panel.cpp": {"drawRetargetMapPanel"},
    "selection_panel.cpp": {"drawSelectionPanel"},
    "timeline_panel.cpp": {"drawTimelinePanel"},
    "video_export_panel.cpp": {"drawVideoExportPanel"},
    "panels.h": {"drawTimelinePanel", "drawJointTreePanel", "drawSelectionPanel",
                 "drawInfoPanel", "drawFileListPanel", "drawErrorPopup",
                 "drawExportMenuItems", "openExportDialog", "openVideoExportDialog",
                 "drawExportDialog", "openPictureDialog",
                 "drawVideoExportPanel", "drawInWindowChooser", "drawNotices",
                 "drawLiveMenuItems", "drawLiveConnectDialog"},
    # The overloads kept for the panels not converted yet.
    "panel_layout.h": {"recordWindowRect", "beginDockedPanel", "recordItemRect",
                       "recordShownText", "showPathEndWhenIdle"},
    "panel_context.h": {"of"},
    "settings_edit.h": {"SettingsEdit"},
    # Key bindings: an action may change the interface's own state (Tab, F1, Ctrl+O).
    "key_bindings.h": {"KeyAction", "runKeyBindings"},
    "key_binding_dispatch.cpp": {"runBinding", "runKeyBindings"},
    "key_bindings.cpp": {"openFilesShortcut", "closeFileShortcut", "quitShortcut", "(lambda)"},
    # The File menu: its items are entries of other panels (live, export, View) not yet
    # converted.
    "file_list_panel.cpp": {"drawFileMenuBar", "drawFileListPanel"},
}

_COMMENT_OR_STRING = re.compile(r'//[^\n]*|/\*.*?\*/|R"\((?:.|\n)*?\)"|"(?:\\.|[^"\\\n])*"',
                                re.DOTALL)
_MUTABLE_STATE = re.compile(r"(?<![\w])(?<!const )ViewerState\s*&")
_NAME_BEFORE_PAREN = re.compile(r"(\w+)\s*(?:\(\s*\*\s*\))?\s*\($")
_USING = re.compile(r"using\s+(\w+)\s*=[^;]*$")


def _blank(match: re.Match[str]) -> str:
    """Keeps line numbers: a comment or literal becomes spaces and its newlines."""
    return "".join("\n" if c == "\n" else " " for c in match.group(0))


def _enclosing_name(code: str, at: int) -> str:
    """The name of the function whose parameter list holds position `at`."""
    depth = 0
    for i in range(at - 1, -1, -1):
        c = code[i]
        if c == ")":
            depth += 1
        elif c == "(":
            if depth == 0:
                head = code[max(0, i - 200):i + 1]
                using = _USING.search(code[max(0, i - 200):i])
                if using:
                    return using.group(1)
                if code[:i].rstrip().endswith("]"):
                    return "(lambda)"
                found = _NAME_BEFORE_PAREN.search(head)
                return found.group(1) if found else "?"
            depth -= 1
        elif c in ";{}" and depth == 0:
            break
    return "?"


def mutable_state_functions(source: str) -> list[tuple[int, str]]:
    """(line, function) of every mutable ViewerState& parameter in `source`."""
    code = _COMMENT_OR_STRING.sub(_blank, source)
    found = []
    for match in _MUTABLE_STATE.finditer(code):
        before = code[max(0, match.start() - 6):match.start()]
        if before.endswith("const "):
            continue
        line = code.count("\n", 0, match.start()) + 1
        found.append((line, _enclosing_name(code, match.start())))
    return found


def problems(root: str) -> list[str]:
    folder = os.path.join(root, PANELS)
    messages = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".h", ".cpp")):
            continue
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as file:
            hits = mutable_state_functions(file.read())
        allowed = NOT_YET_CONVERTED.get(name, set())
        for line, function in hits:
            if function not in allowed:
                messages.append(f"{PANELS}/{name}:{line}: {function} takes a mutable "
                                "ViewerState& (draw from a PanelContext, issue 43)")
        for function in sorted(allowed - {function for _, function in hits}):
            messages.append(f"{PANELS}/{name}: {function} no longer takes a mutable "
                            "ViewerState&: remove it from NOT_YET_CONVERTED")
    return messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=".", help="the repository root")
    args = parser.parse_args(argv)
    messages = problems(args.root)
    for message in messages:
        print(message)
    if not messages:
        listed = sum(len(functions) for functions in NOT_YET_CONVERTED.values())
        print(f"panel state: no panel function takes a mutable ViewerState& beyond the "
              f"{listed} listed")
    return 1 if messages else 0


if __name__ == "__main__":
    sys.exit(main())
