#!/usr/bin/env python3
"""Checks that every part of a character (app/scene/character.h) is written only by its owner.

A `Character` is made of parts, each a small struct in its own header with one owner: the files
whose functions change it. Anyone may read a part; a write from anywhere else in app/ must go
through the owner's functions (or, from a panel, a command the session applies with them). This
check reads every source file under app/ and fails on a write to a part outside its owner's
files, naming the file, line and part:

    app/viewer/panels/file_list_panel.cpp:131: writes Character::appearance (owner: app/scene/...)

What counts as a write, on an access `X.part...` or `X->part...` (comments and string literals
are skipped):
  - an assignment to it or into it (`=`, `+=`, ..., `++`, `--`), `c.axes.stance = ...`,
    `c.comparePaint.nodeColors[i] = ...`;
  - a call of a mutating member on it (`.clear(`, `.resize(`, `.assign(`, `.push_back(`,
    `.reset(`, ...), `c.fileLoad.load.reset()`;
  - its address taken (`&c.appearance.visible`, what an ImGui widget writes through);
  - a non-const reference bound to it (`auto& look = c.appearance;`).
Not seen: a write through a function taking the part by non-const reference, or a whole
Character assigned; those go through Scene and the owners' functions by the same review.

Why a lexical check rather than private fields with friends: a part's owners are free functions
over a few files of one module, and, for the load and the live feed, classes in layers app/scene
must not include. Friends would name them in every part and turn every read into an accessor; a
check like tools/check_layers.py keeps reads plain and names the line that breaks the rule.

A new part is one row in PART_OWNERS below: its member name in Character, and its owner's files
(a path ending in / owns every file under that folder).

Usage: check_character_parts.py [--root DIR]
Exit status: 0 when no part is written outside its owner, 1 otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

# Member name in Character -> the files (or folders, ending in /) that own it.
PART_OWNERS = {
    # How it is placed: the up axis, unit, stance, conversion, ground lift, bounds and reaches.
    "axes": ("app/scene/character.cpp",),
    # Where it stands among the others: placement, heading, in place.
    "arrangement": ("app/scene/character.cpp", "app/scene/character_arrangement.cpp",
                    "app/scene/scene.cpp", "app/scene/start_alignment.cpp"),
    # How it looks: colour, visibility, radii, the body build.
    "appearance": ("app/scene/character.cpp", "app/scene/character_appearance.cpp",
                   "app/scene/figure_radii.cpp", "app/scene/scene.cpp",
                   "app/scene/scene_bodies.cpp", "app/scene/character_body.cpp"),
    # The rate it plays at instead of the file's.
    "playRate": ("app/scene/character.cpp",),
    # Its load in progress.
    "fileLoad": ("app/scene/character.cpp", "app/viewer/io/file_loading.cpp"),
    # Its live feed.
    "liveFeed": ("app/scene/character.cpp", "app/viewer/live/"),
    # What A/B compare paints.
    "comparePaint": ("app/viewer/analysis/",),
    # The folder browser's mark (a plain field of Character).
    "browsed": ("app/scene/character.cpp", "app/viewer/session/"),
}

SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".inl")
MUTATING_MEMBERS = ("clear", "resize", "assign", "push_back", "emplace_back", "emplace", "insert",
                    "erase", "reset", "swap", "pop_back", "append")

# An access chain after the part: members, subscripts and `->`, as in
# `.appearance.color.r`, `.comparePaint.nodeColors[i]`, `.liveFeed.frames->window`.
_TAIL = r"(?:(?:\.|->)\w+|\[[^\]]*\])*"
_ASSIGNMENT = r"\s*(?:[-+*/%|&^]|<<|>>)?=(?!=)|\s*(?:\+\+|--)"


def _write_patterns(part: str) -> list[re.Pattern[str]]:
    access = r"(?:\.|->)" + part + r"\b"
    return [
        re.compile(access + _TAIL + r"(?:" + _ASSIGNMENT + r")"),
        re.compile(access + _TAIL + r"\.(?:" + "|".join(MUTATING_MEMBERS) + r")\s*\("),
        re.compile(r"(?:\+\+|--)\s*[\w\[\]().>-]*?" + access),
        re.compile(r"(?:^|[(,={;:?]|\breturn)\s*&\s*\w[\w\[\]().>-]*?" + access),
        re.compile(r"^(?!.*\bconst\b)\s*[\w:<>, ]+&\s*\w+\s*=\s*[^;]*?" + access + _TAIL + r"\s*;"),
    ]


def strip_comments_and_strings(text: str) -> str:
    """The text with comments and string/char literals blanked, line breaks kept."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif text.startswith('R"', i):
            match = re.match(r'R"([^(\s]*)\(', text[i:])
            if not match:
                out.append(c)
                i += 1
                continue
            close = ")" + match.group(1) + '"'
            end = text.find(close, i + match.end())
            end = n if end < 0 else end + len(close)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def owns(owner: str, path: str) -> bool:
    return path.startswith(owner) if owner.endswith("/") else path == owner


def violations_in(path: str, text: str) -> list[str]:
    """`path:line: writes Character::part (owner: ...)` for each write outside the owner."""
    found = []  # (line, message), sorted by line at the end
    lines = strip_comments_and_strings(text).split("\n")
    for part, owners in PART_OWNERS.items():
        if any(owns(owner, path) for owner in owners):
            continue
        patterns = _write_patterns(part)
        for number, line in enumerate(lines, start=1):
            if any(pattern.search(line) for pattern in patterns):
                found.append((number, f"{path}:{number}: writes Character::{part} outside its "
                                      f"owner ({', '.join(owners)}); call the owner's functions "
                                      "or push a command"))
    return [message for _, message in sorted(found)]


def source_files(root: str) -> list[str]:
    files = []
    for folder, _, names in os.walk(os.path.join(root, "app")):
        for name in names:
            if name.endswith(SOURCE_SUFFIXES):
                files.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return sorted(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=".", help="the repository root")
    args = parser.parse_args(argv)
    found = []
    for path in source_files(args.root):
        with open(os.path.join(args.root, path), encoding="utf-8", errors="replace") as file:
            found.extend(violations_in(path, file.read()))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} write(s) to a character part outside its owner")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
