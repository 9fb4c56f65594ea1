#!/usr/bin/env python3
"""Tests of tools/check_function_length.py on small made-up sources: what counts as a function,
how long it is, and what is not one (namespaces, classes, initialisers, braces in literals).

Run: python3 tests/tools/check_function_length_test.py (exit status non-zero on a failure)."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools",
                       "check_function_length.py")
spec = importlib.util.spec_from_file_location("check_function_length", CHECKER)
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)


def lengths_of(source):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as file:
        file.write(source)
    try:
        return {name: length for _, name, length in checker.functions(file.name)}
    finally:
        os.unlink(file.name)


class FunctionLengthTest(unittest.TestCase):
    def test_signature_to_closing_brace_inside_namespaces_and_classes(self):
        source = ("namespace a::b {\n"          # 1
                  "namespace {\n"               # 2
                  "int twice(int x,\n"          # 3
                  "          int y) {\n"        # 4
                  "    return x + y;\n"         # 5
                  "}\n"                         # 6
                  "} // namespace\n"            # 7
                  "struct S {\n"                # 8
                  "    int get() const { return 1; }\n"  # 9
                  "};\n"
                  "}\n")
        self.assertEqual(lengths_of(source), {"twice": 4, "get": 1})

    def test_lambdas_literals_and_initialisers_are_not_functions(self):
        source = ('const char* kText = R"(void f() {\n}\n)";\n'
                  "const int kTable[] = {1, 2, 3};\n"
                  "void outer() {\n"
                  "    auto inner = [] { return '{'; };\n"
                  "    // } a brace in a comment\n"
                  '    const char* text = "}";\n'
                  "}\n")
        self.assertEqual(lengths_of(source), {"outer": 5})

    def test_constructor_with_brace_initialised_members(self):
        source = ("Widget::Widget(int size) : size_{size}, name_{\"w\"} {\n"
                  "    grow();\n"
                  "}\n")
        self.assertEqual(lengths_of(source), {"Widget::Widget": 3})

    def test_the_check_fails_over_the_limit_and_names_the_function(self):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "core"))
            with open(os.path.join(root, "core", "long.cpp"), "w") as file:
                file.write("void longOne() {\n" + "    step();\n" * 5 + "}\n")
            run = subprocess.run([sys.executable, CHECKER, root, "--limit", "6"],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 1)
            self.assertIn("core/long.cpp:1: longOne is 7 lines (limit 6)", run.stdout)
            run = subprocess.run([sys.executable, CHECKER, root, "--limit", "7"],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stdout)


if __name__ == "__main__":
    unittest.main()
