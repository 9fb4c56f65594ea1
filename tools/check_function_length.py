#!/usr/bin/env python3
"""Fails when a function in app/, core/ or render/ is longer than the project allows.

usage: check_function_length.py [ROOT] [--limit N] [--list M]

A function's length is counted from the first line of its signature to its closing brace, both
included (comments and blank lines inside count: they are lines a reader scrolls through). The
scan is lexical, not a compiler's: comments, string literals (raw strings too) and character
literals are blanked, then braces are matched. A brace opens a function body when every block
around it is a namespace, a class or an extern "C" block and the text before it (back to the
previous ';', '{' or '}') has a parameter list and no '='. A lambda or a local class is counted
within the function that holds it. Prints FILE:LINE: NAME is N lines (limit L) for each one over
the limit and exits 1; with --list M, prints the M longest instead and exits 0.
"""

import argparse
import os
import re
import sys

FOLDERS = ("app", "core", "render")
SOURCE_SUFFIXES = (".cpp", ".h", ".hpp", ".cc")
TRANSPARENT_HEAD = re.compile(
    r'^(?:template\s*<.*>\s*)?(?:namespace\b|extern\s+"C"|(?:class|struct|union|enum)\b)', re.S)


def blank_literals(text):
    """The text with comments and literals replaced by spaces, line breaks kept."""
    out = []
    i = 0
    n = len(text)

    def blank(segment):
        return re.sub(r"[^\n]", " ", segment)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(blank(text[i:end]))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(blank(text[i:end]))
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            end = text.find(")" + delimiter + '"', open_paren)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append(blank(text[i:end]))
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # a digit separator: 1'000
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(blank(text[i:j + 1]))
            i = j + 1
        elif c == "#" and (i == 0 or text[i - 1] == "\n"):
            end = i
            while True:  # a preprocessor line, with its continuations
                end = text.find("\n", end)
                if end < 0:
                    end = n
                    break
                if text[end - 1] != "\\":
                    break
                end += 1
            out.append(blank(text[i:end]))
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_name(head):
    before_parameters = head[:head.find("(")]
    names = re.findall(r"[~\w:<>]+", before_parameters)
    return names[-1] if names else "?"


def functions(path):
    """(line, name, length) of each function defined in the file."""
    with open(path, encoding="utf-8", errors="replace") as source:
        text = blank_literals(source.read())
    stack = []  # per open brace: "transparent", "function" (with start line) or "block"
    head_start = 0
    found = []
    line = 1
    line_of = []
    for c in text:
        line_of.append(line)
        if c == "\n":
            line += 1
    for i, c in enumerate(text):
        if c == "{":
            head = text[head_start:i].strip()
            at_file_level = all(kind[0] == "transparent" for kind in stack)
            if at_file_level and TRANSPARENT_HEAD.match(head) and "(" not in head.split("{")[0]:
                stack.append(("transparent",))
            elif at_file_level and TRANSPARENT_HEAD.match(head) and re.match(r"^(?:template\s*<.*>\s*)?(?:class|struct|union)\b", head, re.S):
                stack.append(("transparent",))
            elif at_file_level and re.search(r"\)\s*:", head) and (text[i - 1].isalnum() or text[i - 1] == "_"):
                # A member's brace initialiser in a constructor's initialiser list: the head goes on.
                stack.append(("initialiser", head_start))
                continue
            elif at_file_level and "(" in head and "=" not in re.sub(r"\([^()]*\)", "", head):
                start = head_start + (len(text[head_start:i]) - len(text[head_start:i].lstrip()))
                stack.append(("function", line_of[start], function_name(head)))
            else:
                stack.append(("block",))
            head_start = i + 1
        elif c == "}":
            if stack:
                kind = stack.pop()
                if kind[0] == "function":
                    found.append((kind[1], kind[2], line_of[i] - kind[1] + 1))
                if kind[0] == "initialiser":
                    head_start = kind[1]
                    continue
            head_start = i + 1
        elif c == ";":
            head_start = i + 1
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root", nargs="?", default=".")
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--list", type=int, default=0)
    arguments = parser.parse_args()
    everything = []
    for folder in FOLDERS:
        for directory, _, files in os.walk(os.path.join(arguments.root, folder)):
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    path = os.path.join(directory, name)
                    for line, function, length in functions(path):
                        everything.append((length, os.path.relpath(path, arguments.root), line, function))
    everything.sort(reverse=True)
    if arguments.list:
        for length, path, line, function in everything[:arguments.list]:
            print(f"{path}:{line}: {function} is {length} lines")
        return 0
    over = [entry for entry in everything if entry[0] > arguments.limit]
    for length, path, line, function in over:
        print(f"{path}:{line}: {function} is {length} lines (limit {arguments.limit})")
    if over:
        print(f"{len(over)} function(s) over {arguments.limit} lines; split each into named steps")
        return 1
    print(f"{len(everything)} functions, none over {arguments.limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
