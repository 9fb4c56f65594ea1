#!/usr/bin/env python3
"""Tests of tools/check_character_parts.py on small made-up sources: which accesses to a
character's parts are writes, and that a part's owner may write it.

Run: python3 tests/tools/check_character_parts_test.py (exit status non-zero on a failure)."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                       "check_character_parts.py")
spec = importlib.util.spec_from_file_location("check_character_parts", CHECKER)
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)

PANEL = "app/viewer/panels/some_panel.cpp"


def lines_flagged(source, path=PANEL):
    return [int(line.split(":")[1]) for line in checker.violations_in(path, source)]


class CharacterPartsTest(unittest.TestCase):
    def test_writes_outside_the_owner_are_flagged_with_their_line(self):
        source = ("void f(Character& c, Character* p) {\n"
                  "    c.axes.stance = bvh::Stance{};\n"               # 2
                  "    p->appearance.color.r += 0.5f;\n"               # 3
                  "    c.comparePaint.nodeColors[i] = red;\n"          # 4
                  "    c.comparePaint.nodeColors.clear();\n"           # 5
                  "    ImGui::Checkbox(\"v\", &c.appearance.visible);\n"  # 6
                  "    auto& arrangement = c.arrangement;\n"           # 7
                  "    ++c.liveFeed.frameCount;\n"                     # 8
                  "    c.fileLoad.load.reset();\n"                     # 9
                  "    c.browsed = false;\n"                           # 10
                  "}\n")
        self.assertEqual(lines_flagged(source), [2, 3, 4, 5, 6, 7, 8, 9, 10])

    def test_reads_comparisons_and_const_references_are_not_writes(self):
        source = ("bool f(const Character& c, const Character& d) {\n"
                  "    const bvh::Stance& stance = c.axes.stance;\n"
                  "    glm::vec4 color = c.appearance.color;\n"
                  "    if (c.axes.upAxis == d.axes.upAxis && c.playRate.framesPerSecondOverride)\n"
                  "        return c.liveFeed.frameCount >= 2 || c.arrangement.heading != 0.0f;\n"
                  "    draw(c.comparePaint.nodeColors[i], c.appearance.boneRadii.size());\n"
                  "    settings.unit = unit; // c.axes.unit = unit in a comment\n"
                  "    log(\"c.axes.unit = 1\");\n"
                  "    return d.browsed;\n"
                  "}\n")
        self.assertEqual(lines_flagged(source), [])

    def test_the_owner_may_write_its_part_and_only_its_part(self):
        source = ("void g(Character& c) {\n"
                  "    c.comparePaint.nodeColors.resize(3);\n"
                  "    c.axes.upAxis = bvh::UpAxis::PositiveZ;\n"
                  "}\n")
        self.assertEqual(lines_flagged(source, "app/viewer/analysis/analysis_views.cpp"), [3])
        self.assertEqual(lines_flagged(source, "app/scene/character.cpp"), [2])

    def test_the_command_line_names_each_write_and_fails(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "app", "viewer", "panels"))
            with open(os.path.join(root, PANEL), "w") as file:
                file.write("void f(Character& c) {\n    c.appearance.visible = false;\n}\n")
            result = subprocess.run([sys.executable, CHECKER, "--root", root],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 1)
            self.assertIn(PANEL + ":2: writes Character::appearance", result.stdout)
            os.remove(os.path.join(root, PANEL))
            result = subprocess.run([sys.executable, CHECKER, "--root", root],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stdout)


if __name__ == "__main__":
    unittest.main()
