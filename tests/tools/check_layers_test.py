#!/usr/bin/env python3
"""Tests of tools/check_layers.py: each builds a small tree (a docs/architecture.md with a
## Layers table and a few sources) in a temporary folder and runs the checker on it as CTest does.

Run: python3 tests/tools/check_layers_test.py (exit status non-zero on a failure)."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                       "check_layers.py")

# core/model at the bottom, core/reader on it, render/gl beside them, the app on top; app and
# app/viewer hold modules of their own, so they own only the files directly inside them.
TABLE = """\
| module | may include |
|---|---|
| `core/model` | — |
| `core/platform` | `core/model` |
| `core/reader` | `core/model`, `core/platform` |
| `render/gl` | - |
| `app` | `app/viewer` |
| `app/viewer` | `app/viewer/panels`, `core/reader` |
| `app/viewer/panels` | `core/model` |
"""

CLEAN_TREE = {
    "core/model/skeleton.h": "#pragma once\n#include <vector>\n",
    "core/model/skeleton.cpp": '#include "core/model/skeleton.h"\n',
    "core/platform/file_input.h": '#pragma once\n#include "core/model/skeleton.h"\n',
    # A subfolder belongs to its module: this may include core/platform/file_input.h.
    "core/platform/posix/file_input.cpp": '#include "core/platform/file_input.h"\n',
    "core/reader/document.h":
        '#pragma once\n#include "core/model/skeleton.h"\n#include "core/platform/file_input.h"\n',
    "render/gl/gl_objects.h": "#pragma once\n#include <glad/gl.h>\n",
    "app/main.cpp": '#include "app/viewer/viewer_app.h"\n#include "generated/version.h"\n',
    "app/viewer/viewer_app.h": '#pragma once\n#include "core/reader/document.h"\n',
    "app/viewer/viewer_app.cpp":
        '#include "app/viewer/viewer_app.h"\n#include "app/viewer/panels/info_panel.h"\n',
    "app/viewer/panels/info_panel.h": '#pragma once\n#include "core/model/skeleton.h"\n',
    "app/viewer/panels/info_panel.cpp":
        '#include "app/viewer/panels/info_panel.h"\n#include <imgui.h>\n',
}


def architecture(table, before="", after="\n## From a file on disk to pixels\n\nProse.\n"):
    return f"# Architecture\n\n{before}## Layers\n\nThe layers.\n\n{table}{after}"


class CheckLayersTest(unittest.TestCase):
    def setUp(self):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        self.root = folder.name

    def write(self, files):
        for path, text in files.items():
            full = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as file:
                file.write(text)

    def check(self, table=TABLE, files=None, extra_arguments=()):
        """Writes the docs and the tree (CLEAN_TREE with `files` over it), runs the checker."""
        tree = dict(CLEAN_TREE)
        tree.update(files or {})
        if table is not None:
            tree["docs/architecture.md"] = architecture(table)
        self.write(tree)
        result = subprocess.run(
            [sys.executable, CHECKER, "--root", self.root, *extra_arguments],
            capture_output=True, text=True, timeout=60)
        return result.returncode, result.stdout + result.stderr

    def assertPasses(self, **kwargs):
        status, output = self.check(**kwargs)
        self.assertEqual(status, 0, output)
        self.assertRegex(output, r"^layering: \d+ files, \d+ includes checked against \d+ modules, "
                                 r"0 violations\n$")
        return output

    def assertFails(self, *expected, **kwargs):
        status, output = self.check(**kwargs)
        self.assertEqual(status, 1, output)
        for text in expected:
            self.assertIn(text, output)
        return output

    # [SECTION] The tree

    def test_clean_tree_passes_and_counts(self):
        output = self.assertPasses()
        # 11 sources; 11 quoted includes under core/, render/, app/ (generated/version.h and the
        # angle includes are not checked, the table having no external column); 7 modules.
        self.assertEqual(
            output, "layering: 11 files, 11 includes checked against 7 modules, 0 violations\n")

    def test_wrong_way_include_names_file_line_and_modules(self):
        self.assertFails(
            "core/model/motion.h:3:1: error: core/model may not include core/reader "
            "(core/reader/document.h); docs/architecture.md ## Layers lists what it may include",
            "1 violations",
            files={"core/model/motion.h":
                   '#pragma once\n// Motion.\n#include "core/reader/document.h"\n'})

    def test_allowed_is_not_transitive(self):
        # app/viewer may include core/reader, which may include core/platform: app/viewer may not.
        self.assertFails(
            "app/viewer/viewer_app.cpp:3:1: error: app/viewer may not include core/platform "
            "(core/platform/file_input.h)",
            files={"app/viewer/viewer_app.cpp":
                   '#include "app/viewer/viewer_app.h"\n\n#include "core/platform/file_input.h"\n'})

    def test_includes_inside_one_module_pass(self):
        self.assertPasses(files={
            "core/reader/tokenizer.h": '#pragma once\n#include "core/reader/document.h"\n',
            "core/reader/detail/scan.inl": '#include "core/reader/tokenizer.h"\n',
            "core/reader/tokenizer.cpp":
                '#include "core/reader/tokenizer.h"\n#include "core/reader/detail/scan.inl"\n'})

    def test_file_in_folder_missing_from_table_fails(self):
        self.assertFails(
            "core/writer/writer.h:1:1: error: core/writer/writer.h is in no module of the layering "
            "table; add a row for `core/writer` to docs/architecture.md ## Layers",
            files={"core/writer/writer.h": '#pragma once\n#include "core/model/skeleton.h"\n'})

    def test_include_of_folder_missing_from_table_fails(self):
        self.assertFails(
            "core/reader/document.cpp:2:1: error: core/writer/writer.h is in no module of the "
            "layering table; add a row for `core/writer`",
            files={"core/reader/document.cpp":
                   '#include "core/reader/document.h"\n#include "core/writer/writer.h"\n'})

    def test_longest_module_prefix_owns_a_file(self):
        # app/viewer may include app/viewer/panels, not the other way round: were the panel file
        # taken for app/viewer, both includes would pass.
        self.assertFails(
            "app/viewer/panels/info_panel.cpp:2:1: error: app/viewer/panels may not include "
            "app/viewer (app/viewer/viewer_app.h)",
            "1 violations",
            files={"app/viewer/panels/info_panel.cpp": '#include "app/viewer/panels/info_panel.h"\n'
                                                       '#include "app/viewer/viewer_app.h"\n'})

    def test_subfolder_of_a_module_belongs_to_it(self):
        # app/viewer/panels/linux/ is the panels' own subfolder, not a module of its own.
        self.assertFails(
            "app/viewer/panels/linux/clipboard.cpp:2:1: error: app/viewer/panels may not include "
            "core/reader",
            files={"app/viewer/panels/linux/clipboard.cpp":
                   '#include "app/viewer/panels/info_panel.h"\n'
                   '#include "core/reader/document.h"\n'})

    def test_new_folder_under_a_folder_of_modules_needs_a_row(self):
        # app/viewer has modules inside it, so it does not swallow app/viewer/session/.
        self.assertFails(
            "app/viewer/session/state.h:1:1: error: app/viewer/session/state.h is in no module of "
            "the layering table; add a row for `app/viewer/session`",
            files={"app/viewer/session/state.h":
                   '#pragma once\n#include "core/reader/document.h"\n'})

    def test_includes_outside_the_three_folders_are_ignored(self):
        self.assertPasses(files={
            "core/model/version.h": '#pragma once\n#include "generated/version.h"\n'
                                    '#include "third_party/glm.h"\n#include <GLFW/glfw3.h>\n'})

    # [SECTION] The table

    def test_cyclic_table_fails(self):
        cyclic = TABLE.replace("| `core/model` | — |", "| `core/model` | `core/reader` |")
        self.assertFails(
            "docs/architecture.md:9:1: error: the allowed includes form a cycle: "
            "core/model -> core/reader -> core/model; the layers must form a DAG",
            table=cyclic)

    def test_missing_layers_section_fails_clearly(self):
        self.write(dict(CLEAN_TREE, **{"docs/architecture.md": "# Architecture\n\n## Folders\n"}))
        result = subprocess.run([sys.executable, CHECKER, "--root", self.root],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 1)
        self.assertIn('docs/architecture.md: error: no "## Layers" section', result.stderr)

    def test_table_of_another_section_is_not_read(self):
        # The right table, but under ## Folders: the ## Layers section itself has none.
        self.write(dict(CLEAN_TREE, **{"docs/architecture.md": architecture(
            "No table here.\n", before=f"## Folders\n\n{TABLE}\n")}))
        result = subprocess.run([sys.executable, CHECKER, "--root", self.root],
                                capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 1)
        self.assertIn("the ## Layers section has no table with the header | module | may include |",
                      result.stderr)

    def test_row_naming_a_module_without_a_row_fails(self):
        self.assertFails("`core/reader` may include `core/parser`, which has no row of its own",
                         table=TABLE.replace("`core/model`, `core/platform` |",
                                             "`core/model`, `core/platform`, `core/parser` |"))

    def test_names_outside_backticks_fail(self):
        self.assertFails("write what `core/reader` may include as modules in backticks",
                         table=TABLE.replace("`core/model`, `core/platform` |",
                                             "`core/model`, core/platform |"))

    def test_table_option_reads_another_file(self):
        scratch = os.path.join(self.root, "scratch.md")
        self.write({"scratch.md": architecture(TABLE)})
        # No docs/architecture.md at all: the table comes from --table alone.
        status, output = self.check(table=None, extra_arguments=["--table", scratch])
        self.assertEqual(status, 0, output)
        status, output = self.check(
            table=None, extra_arguments=["--table", scratch],
            files={"core/model/motion.h": '#include "core/reader/document.h"\n'})
        self.assertEqual(status, 1, output)
        self.assertIn(f"{scratch} ## Layers lists what it may include", output)

    # [SECTION] External libraries

    def test_external_column_restricts_listed_libraries(self):
        with_external = textwrap.dedent("""\
            | module | may include | external |
            |---|---|---|
            | `core/model` | — | — |
            | `core/platform` | `core/model` | |
            | `core/reader` | `core/model`, `core/platform` | — |
            | `render/gl` | - | `glad/` |
            | `app` | `app/viewer` | — |
            | `app/viewer` | `app/viewer/panels`, `core/reader` | — |
            | `app/viewer/panels` | `core/model` | `imgui` |
            """)
        output = self.assertPasses(table=with_external)
        self.assertIn("13 includes checked", output)  # glad/gl.h and imgui.h now count
        self.assertFails(
            "core/model/skeleton.h:3:1: error: core/model may not include GLFW/ (<GLFW/glfw3.h>)",
            # An empty cell allows none too, as in the may-include column.
            "core/platform/posix/file_input.cpp:2:1: error: core/platform may not include imgui "
            "(<imgui_internal.h>)",
            "2 violations",
            table=with_external,
            files={"core/model/skeleton.h":
                   "#pragma once\n#include <vector>\n#include <GLFW/glfw3.h>\n",
                   "core/platform/posix/file_input.cpp":
                   '#include "core/platform/file_input.h"\n#include <imgui_internal.h>\n'})


if __name__ == "__main__":
    unittest.main()
