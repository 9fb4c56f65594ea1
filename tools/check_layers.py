#!/usr/bin/env python3
"""Checks every #include in core/, render/ and app/ against the layering table.

The idea is Chromium's checkdeps: folders are layers, the allowed arrows between them are written
down once, and a test fails when an include runs the wrong way. The table lives in
docs/architecture.md, in the section headed exactly `## Layers`:

    | module | may include | external |
    |---|---|---|
    | `core/model` | — | — |
    | `core/reader` | `core/model`, `core/platform` | — |
    | `app/viewer/panels` | `app/viewer/session`, `core/model` | `imgui` |

A module is a folder (`core/reader`, `app/viewer/panels`). A file belongs to the longest listed
module whose folder holds it, subfolders included (core/platform/posix/file_input.cpp belongs to
`core/platform`), except that a module with other modules listed inside it, such as `app` and
`app/viewer`, owns only the files directly in its folder: a new folder under app/viewer/ then
belongs to no module and must get its own row. Files in one module may include each other; a
module may include exactly the modules its row lists. Allowed-ness is not transitive, and the
allowed arrows must not form a cycle.

Only quoted includes rooted at core/, render/ or app/ are checked
(`#include "core/model/skeleton.h"`); other quoted includes (generated headers) are ignored.
The optional third column, `external`, restricts the angle-bracket includes of a few libraries
(ImGui, GLFW, glad, EGL, SDL, FFmpeg): when the column exists, each row lists the prefixes its
module may include (`imgui`, `GLFW/`), and an empty cell or a dash allows none of them, as in the
may-include column; without the column they are not checked.

Usage: check_layers.py [--root DIR] [--table FILE]
Exit status: 0 when every include is allowed, 1 on any violation or error in the table.
"""

from __future__ import annotations  # `list[str] | None` on Python before 3.10

import argparse
import os
import re
import sys
from dataclasses import dataclass, field

TOP_FOLDERS = ("core", "render", "app")
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".inl")
DEFAULT_TABLE = "docs/architecture.md"
SECTION_HEADING = "## Layers"

# The angle-bracket libraries the `external` column governs. Everything else in angle brackets
# (the standard library, system headers) is left alone: the point is that core/ never sees a
# window, GL or UI library, and that each library stays in the folders that wrap it.
GUARDED_EXTERNAL_PREFIXES = ("emscripten", "GLES", "meshoptimizer", "imgui", "backends/imgui", "GLFW/", "glad/", "EGL/", "SDL", "libav",
                             "libsw")

# Cells that mean "nothing beyond itself". An en dash is accepted too: editors turn "-" into one.
NONE_CELLS = ("", "-", "—", "–")

QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
ANGLE_INCLUDE = re.compile(r"^\s*#\s*include\s*<([^>]+)>")
BACKTICKED = re.compile(r"`([^`]*)`")
MODULE_NAME = re.compile(r"^(core|render|app)(/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$")


class TableError(Exception):
    """The table cannot be read at all (no file, no section, no table); nothing can be checked."""


# [SECTION] Reading the table


@dataclass
class Row:
    module: str
    line: int  # 1-based line in the table file, for diagnostics
    may_include: list[str]
    external: list[str] | None  # None: the table has no `external` column


@dataclass
class Table:
    path: str  # as given or defaulted, used in messages
    rows: dict[str, Row] = field(default_factory=dict)
    has_external: bool = False
    errors: list[str] = field(default_factory=list)


def split_cells(line):
    """The cells of a markdown table row, without the outer pipes."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|"):
        text = text[:-1]
    return [cell.strip() for cell in text.split("|")]


def backticked_list(cell):
    """The backticked names in a comma-separated cell, or None when the cell holds other text.

    A name that is not in backticks is an error rather than ignored, so that a typo never turns
    into "may include nothing" (or worse, into a silently allowed module)."""
    if cell in NONE_CELLS:
        return []
    names = BACKTICKED.findall(cell)
    if not names or BACKTICKED.sub("", cell).replace(",", "").strip():
        return None
    return [name.strip() for name in names]


def read_table(table_path, shown_path):
    try:
        with open(table_path, encoding="utf-8", errors="replace") as file:
            lines = file.read().splitlines()
    except OSError as error:
        raise TableError(f"{shown_path}: error: cannot read the layering table: {error.strerror}")

    start = next((i for i, line in enumerate(lines) if line.rstrip() == SECTION_HEADING), None)
    if start is None:
        raise TableError(
            f'{shown_path}: error: no "{SECTION_HEADING}" section; it must hold a table with the '
            f"header | module | may include | (optionally | external |) listing, for every "
            f"folder under core/, render/ and app/, the folders it may include (see "
            f"tools/check_layers.py)")
    # The section runs to the next heading of the same or a higher level.
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"^#{1,2}\s", lines[i])),
               len(lines))

    header_at = None
    for i in range(start + 1, end):
        cells = [cell.lower() for cell in split_cells(lines[i])] if "|" in lines[i] else []
        if cells[:2] == ["module", "may include"]:
            header_at = i
            break
    if header_at is None:
        raise TableError(f"{shown_path}:{start + 1}:1: error: the {SECTION_HEADING} section has no "
                         f"table with the header | module | may include |")

    table = Table(path=shown_path)
    header = [cell.lower() for cell in split_cells(lines[header_at])]
    table.has_external = len(header) > 2 and header[2] == "external"

    for i in range(header_at + 1, end):
        line = lines[i]
        if not line.strip().startswith("|"):
            break  # the table ends at the first line that is not a row
        cells = split_cells(line)
        if all(re.fullmatch(r":?-+:?", cell) for cell in cells):
            continue  # the |---|---| separator
        where = f"{shown_path}:{i + 1}:1: error:"
        cells += [""] * (3 - len(cells))

        names = BACKTICKED.findall(cells[0])
        if len(names) != 1 or BACKTICKED.sub("", cells[0]).strip():
            table.errors.append(f"{where} the first cell must be one module in backticks, such as "
                                f"`core/reader`")
            continue
        module = names[0].strip().rstrip("/")
        if not MODULE_NAME.match(module):
            table.errors.append(f"{where} `{module}` is not a folder under core/, render/ or app/")
            continue
        if module in table.rows:
            table.errors.append(f"{where} `{module}` is listed twice (first on line "
                                f"{table.rows[module].line})")
            continue

        may_include = backticked_list(cells[1])
        if may_include is None:
            table.errors.append(f"{where} write what `{module}` may include as modules in "
                                f"backticks separated by commas, or — for none")
            continue
        may_include = [name.rstrip("/") for name in may_include if name.rstrip("/") != module]

        external = None
        if table.has_external:
            external = backticked_list(cells[2])
            if external is None:
                table.errors.append(f"{where} write the external includes `{module}` may use as "
                                    f"prefixes in backticks separated by commas, or — for none")
                continue
        table.rows[module] = Row(module, i + 1, may_include, external)

    if not table.rows and not table.errors:
        table.errors.append(f"{shown_path}:{header_at + 1}:1: error: the layering table has no "
                            f"rows")
    for row in table.rows.values():
        for target in row.may_include:
            if target not in table.rows:
                table.errors.append(f"{shown_path}:{row.line}:1: error: `{row.module}` may include "
                                    f"`{target}`, which has no row of its own")
    table.errors += cycle_errors(table)
    return table


def cycle_errors(table):
    """One error per cycle among the allowed arrows (per strongly connected component, Tarjan).

    The table is meant to be a DAG of layers: if a may include b and b may include a, the two are
    one layer in two folders, and the table should say so by merging them."""
    graph = {module: [t for t in row.may_include if t in table.rows]
             for module, row in table.rows.items()}
    index, lowlink, on_stack, stack, components = {}, {}, set(), [], []

    def visit(module):
        index[module] = lowlink[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                lowlink[module] = min(lowlink[module], lowlink[target])
            elif target in on_stack:
                lowlink[module] = min(lowlink[module], index[target])
        if lowlink[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                components.append(set(component))

    for module in graph:  # a few dozen modules: recursion depth is no concern
        if module not in index:
            visit(module)

    errors = []
    for component in components:
        first = min(component, key=lambda m: table.rows[m].line)
        path = shortest_cycle(graph, first, component)
        errors.append(f"{table.path}:{table.rows[first].line}:1: error: the allowed includes form "
                      f"a cycle: {' -> '.join(path)}; the layers must form a DAG")
    return errors


def shortest_cycle(graph, start, component):
    """The shortest path start -> ... -> start inside one strongly connected component."""
    previous = {start: None}
    queue = [start]
    for module in queue:
        for target in graph[module]:
            if target not in component:
                continue
            if target == start:
                path = [module]
                while previous[path[-1]] is not None:
                    path.append(previous[path[-1]])
                return list(reversed(path)) + [start]
            if target not in previous:
                previous[target] = module
                queue.append(target)
    return [start, start]  # unreachable for a component of two or more


# [SECTION] Assigning files to modules


def make_module_of(modules):
    """A function from a root-relative path to its module, or None when no listed module owns it.

    The module is the longest listed prefix of the file's folder: the nearest listed folder above
    it. A module with other modules inside it (`app`, `app/viewer`) owns only the files directly in
    its folder; without that rule a new folder app/newthing/ would quietly belong to `app` and
    could include anything `app` may."""
    modules = set(modules)
    containers = {m for m in modules if any(other.startswith(m + "/") for other in modules)}

    def module_of(path):
        folder = os.path.dirname(path)
        nearest = folder
        while nearest and nearest not in modules:
            nearest = os.path.dirname(nearest)
        if not nearest or (nearest != folder and nearest in containers):
            return None
        return nearest

    return module_of


def natural_module(path):
    """The row a file outside the table would need, to suggest in the message: the folder one
    level below core/, render/ and app/, two below app/viewer/."""
    parts = os.path.dirname(path).split("/")
    depth = 3 if parts[:2] == ["app", "viewer"] else 2
    return "/".join(parts[:depth])


# [SECTION] Checking the tree


def source_files(root):
    for top in TOP_FOLDERS:
        for folder, subfolders, files in os.walk(os.path.join(root, top)):
            subfolders.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")


def check_tree(root, table):
    """Returns (violations, file count, include count)."""
    module_of = make_module_of(list(table.rows))
    violations = []
    files = includes = 0
    lists_what = f"{table.path} {SECTION_HEADING} lists what it may include"

    for path in source_files(root):
        files += 1
        module = module_of(path)
        if module is None:
            violations.append(f"{path}:1:1: error: {path} is in no module of the layering table; "
                              f"add a row for `{natural_module(path)}` to {table.path} "
                              f"{SECTION_HEADING}")
            continue
        row = table.rows[module]
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as file:
            lines = file.read().splitlines()
        for number, line in enumerate(lines, start=1):
            where = f"{path}:{number}:1: error:"
            quoted = QUOTED_INCLUDE.match(line)
            if quoted:
                included = quoted.group(1)
                if included.split("/")[0] not in TOP_FOLDERS:
                    continue  # a generated header or a third-party one in quotes
                includes += 1
                target = module_of(included)
                if target is None:
                    violations.append(f"{where} {included} is in no module of the layering "
                                      f"table; add a row for `{natural_module(included)}` to "
                                      f"{table.path} {SECTION_HEADING}")
                elif target != module and target not in row.may_include:
                    violations.append(f"{where} {module} may not include {target} ({included}); "
                                      f"{lists_what}")
                continue
            angle = ANGLE_INCLUDE.match(line)
            if angle and row.external is not None:
                included = angle.group(1)
                guarded = next((p for p in GUARDED_EXTERNAL_PREFIXES if included.startswith(p)),
                               None)
                if guarded is None:
                    continue
                includes += 1
                if not any(included.startswith(allowed) for allowed in row.external):
                    violations.append(f"{where} {module} may not include {guarded} "
                                      f"(<{included}>); {lists_what}")
    return violations, files, includes


def main(argv=None):
    default_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=default_root,
                        help="the repository to check (default: the one holding this script)")
    parser.add_argument("--table", metavar="FILE",
                        help=f"read the {SECTION_HEADING} table from FILE instead of "
                             f"ROOT/{DEFAULT_TABLE} (to try a table before it goes in the docs)")
    arguments = parser.parse_args(argv)

    if arguments.table:
        table_path = shown_path = arguments.table
    else:
        table_path, shown_path = os.path.join(arguments.root, DEFAULT_TABLE), DEFAULT_TABLE
    try:
        table = read_table(table_path, shown_path)
    except TableError as error:
        print(error, file=sys.stderr)
        return 1
    if table.errors:
        # A wrong table would make every verdict on the tree suspect: fix it first.
        for error in table.errors:
            print(error, file=sys.stderr)
        print(f"layering: {len(table.errors)} errors in the table {shown_path}; the includes were "
              f"not checked", file=sys.stderr)
        return 1

    violations, files, includes = check_tree(arguments.root, table)
    summary = (f"layering: {files} files, {includes} includes checked against {len(table.rows)} "
               f"modules, {len(violations)} violations")
    for violation in violations:
        print(violation, file=sys.stderr)
    print(summary, file=sys.stderr if violations else sys.stdout)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
