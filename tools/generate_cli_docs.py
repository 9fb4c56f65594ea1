#!/usr/bin/env python3
"""Writes bvhscope's man page and its bash, zsh and fish completions from the --help texts.

usage: generate_cli_docs.py BVHSCOPE OUTDIR VERSION

Runs `BVHSCOPE --help` and `BVHSCOPE COMMAND --help` for every command the first lists, so the
man page and the completions name every subcommand and option the binary has, and change when
it does (the build reruns this whenever the binary is relinked). Writes OUTDIR/bvhscope.1,
OUTDIR/bvhscope.bash, OUTDIR/_bvhscope (zsh) and OUTDIR/bvhscope.fish.

The help texts follow one layout, which this parser relies on (tests/install checks the
result): a "usage:" line and "       bvhscope ..." continuation lines; paragraphs separated by
blank lines; options as "  -s, --long PLACEHOLDER   description" with continuation lines
indented to the description's column (or an option alone on its line, its description on the
next ones); a heading is an unindented line ending in ':'. A placeholder "a|b|c" lists the
values the option takes.
"""

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field


@dataclass
class Option:
    names: list  # ["-o", "--output"]
    placeholder: str  # "NAME", "auto|y|z", "" for a flag
    description: str
    for_tests: bool = False

    def choices(self):
        if "|" in self.placeholder and " " not in self.placeholder:
            return self.placeholder.split("|")
        match = re.search(r"\b(\w+(?:, \w+)*) or (\w+)(?: \(default\))?", self.description)
        if self.placeholder == "MODE" and match:
            return [word.strip() for word in match.group(1).split(",")] + [match.group(2)]
        listed = re.search(r"\(((?:-?\w, )+-?\w)\)", self.description)
        if self.placeholder == "AXIS" and listed:  # "(y, z, -y, -z, x, -x)"
            return [word.strip() for word in listed.group(1).split(",")]
        if self.placeholder == "ORDER":  # every Euler rotation order
            return ["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"]
        return []

    def value_kind(self):
        """'file', 'bvh', 'directory', 'png', 'choice', 'value' or '' (a flag)."""
        if not self.placeholder:
            return ""
        if self.choices():
            return "choice"
        if self.placeholder == "DIR":
            return "directory"
        if self.placeholder.lower().endswith(".png") or self.placeholder in ("NAME",):
            return "png"
        if self.placeholder == "FILE":
            return "bvh" if "--bench-render" in self.names else "file"
        return "value"


@dataclass
class Block:
    kind: str  # "usage", "paragraph", "literal", "heading", "options"
    lines: list = field(default_factory=list)
    options: list = field(default_factory=list)


@dataclass
class Command:
    name: str  # "" for the viewer itself
    summary: str
    help_text: str
    blocks: list = field(default_factory=list)

    def all_options(self):
        return [option for block in self.blocks for option in block.options]


OPTION_LINE = re.compile(r"^  (-[A-Za-z], )?(--[A-Za-z][\w-]*)(.*)$")


def description_column(lines):
    """The column continuation lines of option descriptions start at in this help text."""
    columns = {}
    for line in lines:
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if indent >= 8 and stripped and not stripped.startswith("bvhscope"):
            columns[indent] = columns.get(indent, 0) + 1
    return columns


def parse_option(line, columns):
    match = OPTION_LINE.match(line)
    names = [name.rstrip(", ") for name in (match.group(1), match.group(2)) if name]
    rest = match.group(3)
    # The description starts at one of the columns continuation lines use, after a space.
    for column in sorted(columns, key=lambda c: -columns[c]):
        if column < len(line) and line[column - 1] == " " and line[column] != " ":
            head = line[:column].strip()
            if head.startswith(names[0]) or head.startswith(names[-1]):
                term = head
                description = line[column:].strip()
                break
    else:
        parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        term = parts[0]
        description = parts[1] if len(parts) > 1 else ""
    # "--yaw DEG, --pitch DEG": two options sharing a description.
    terms = [part.strip() for part in term.split(", ")] if term.count("--") > 1 else [term]
    options = []
    for one in terms:
        words = one.split(" ", 1)
        option_names = [words[0]] if words[0].startswith("--") else names
        placeholder = words[1].strip() if len(words) > 1 else ""
        if one.startswith("-") and not one.startswith("--"):  # "-o, --output NAME"
            pieces = one.replace(",", "").split()
            option_names = [piece for piece in pieces if piece.startswith("-")]
            placeholder = " ".join(piece for piece in pieces if not piece.startswith("-"))
        options.append(Option(option_names, placeholder, description))
    del rest
    return options


def parse_help(text):
    lines = text.rstrip("\n").split("\n")
    columns = description_column(lines)
    blocks = []
    current = None
    last_option = []
    for line in lines:
        if not line.strip():
            current = None
            continue
        if line.startswith("usage:") or (current is not None and current.kind == "usage"
                                         and line.startswith("       bvhscope")):
            if current is None or current.kind != "usage":
                current = Block("usage")
                blocks.append(current)
            current.lines.append(line[len("usage:"):].strip() if line.startswith("usage:")
                                 else line.strip())
            continue
        if current is not None and current.kind == "usage" and current.lines:
            # The description of the usage line above, continued.
            current.lines[-1] += " " + line.strip()
            continue
        if OPTION_LINE.match(line):
            if current is None or current.kind != "options":
                current = Block("options")
                blocks.append(current)
            last_option = parse_option(line, columns)
            current.options.extend(last_option)
            continue
        indent = len(line) - len(line.lstrip(" "))
        if current is not None and current.kind == "options" and indent >= 8 and last_option:
            for option in last_option:
                option.description = (option.description + " " + line.strip()).strip()
            continue
        if current is not None and current.kind == "options" and indent > 0:
            # "  (with --size WxH; default 1280x720)": a note inside an option list.
            last_option = []
            current.lines.append(line.strip())
            continue
        if indent == 0 and line.endswith(":") and len(line) < 80 and (
                current is None or current.kind == "options"):
            blocks.append(Block("heading", [line[:-1]]))
            current = None
            continue
        if indent > 0:
            if current is None or current.kind != "literal":
                current = Block("literal")
                blocks.append(current)
            current.lines.append(line.strip())
            continue
        if current is None or current.kind != "paragraph":
            current = Block("paragraph")
            blocks.append(current)
        current.lines.append(line.strip())
    standard = {"--help": "print this help and exit", "--version": "print the version and exit"}
    for block in blocks:
        for option in block.options:
            option.for_tests = option.description.startswith("(for tests")
            if not option.description and option.names[-1] in standard:
                option.description = standard[option.names[-1]]
    return blocks


def run_help(binary, arguments):
    result = subprocess.run([binary] + arguments + ["--help"], capture_output=True, text=True,
                            env=dict(os.environ, LC_ALL="C"), check=False)
    if result.returncode != 0 or not result.stdout.startswith("usage:"):
        sys.exit(f"generate_cli_docs: `{binary} {' '.join(arguments)} --help` failed "
                 f"({result.returncode}): {result.stderr}")
    return result.stdout


def read_commands(binary):
    top = run_help(binary, [])
    commands = [Command("", "open the viewer", top, parse_help(top))]
    for block in commands[0].blocks:
        if block.kind != "usage":
            continue
        for line in block.lines:
            match = re.match(r"bvhscope ([a-z][a-z-]*)\b(.*?)\s{2,}(.*)$", line)
            if match and not any(c.name == match.group(1) for c in commands):
                text = run_help(binary, [match.group(1)])
                commands.append(Command(match.group(1), match.group(3), text, parse_help(text)))
    return commands


# [SECTION] The man page


def roff(text):
    text = text.replace("\\", "\\e")
    text = re.sub(r"(?<![\w-])--?(?=[A-Za-z])", lambda m: m.group(0).replace("-", "\\-"), text)
    return text


def roff_line(text):
    text = roff(text)
    return "\\&" + text if text.startswith((".", "'")) else text


def option_term(option):
    names = ", ".join("\\fB" + roff(name) + "\\fR" for name in option.names)
    return names + (" \\fI" + roff(option.placeholder) + "\\fR" if option.placeholder else "")


def man_blocks(blocks, skip_usage):
    out = []
    for block in blocks:
        if block.kind == "usage":
            if skip_usage:
                continue
            out += [".nf"] + [roff_line(line) for line in block.lines] + [".fi"]
        elif block.kind == "paragraph":
            out += [".PP"] + [roff_line(line) for line in block.lines]
        elif block.kind == "literal":
            out += [".PP", ".RS", ".nf"] + [roff_line(line) for line in block.lines]
            out += [".fi", ".RE"]
        elif block.kind == "heading":
            out += [".PP", "\\fB" + roff(block.lines[0]) + "\\fR"]
        elif block.kind == "options":
            for option in block.options:
                out += [".TP", option_term(option), roff_line(option.description)]
            for line in block.lines:
                out += [".PP", roff_line(line)]
    return out


def man_page(commands, version):
    viewer = commands[0]
    usage = next(block for block in viewer.blocks if block.kind == "usage")
    out = [
        '.\\" Generated by tools/generate_cli_docs.py from the --help texts; do not edit.',
        f'.TH BVHSCOPE 1 "" "bvhscope {version}" "User Commands"',
        ".SH NAME",
        "bvhscope \\- a fast, forgiving viewer and toolbox for BVH motion\\-capture files",
        ".SH SYNOPSIS",
        ".nf",
    ]
    for line in usage.lines:
        out.append(roff_line(re.split(r"\s{2,}", line)[0]))
    out += [".fi", ".SH DESCRIPTION",
            "bvhscope opens Biovision Hierarchy (.bvh) motion\\-capture files: every layout "
            "capture systems write, with each problem reported as "
            "\\fIFILE\\fR:\\fILINE\\fR:\\fICOL\\fR: error|warning: message.",
            "Without a command it opens the viewer on the files and folders given; the commands "
            "below inspect, check, convert and draw files without a window.",
            ".PP"]
    for line in usage.lines:
        parts = re.split(r"\s{2,}", line, maxsplit=1)
        if len(parts) == 2:
            out += [".TP", "\\fB" + roff(parts[0]) + "\\fR", roff_line(parts[1])]
        elif out[-1] != ".PP" and not parts[0].startswith("bvhscope"):
            out[-1] += " " + roff(parts[0])
    rest = [block for block in viewer.blocks if block is not usage]
    out += [".SH VIEWER"] + man_blocks(rest, skip_usage=True)
    out += [".SH COMMANDS"]
    for command in commands[1:]:
        out += [".SS " + command.name, ".nf"]
        for block in command.blocks:
            if block.kind == "usage":
                out += [roff_line(line) for line in block.lines]
                break
        out += [".fi"] + man_blocks(command.blocks, skip_usage=True)
    out += [
        ".SH EXIT STATUS",
        "0 on success; 1 when a file does not load, an output cannot be written or no OpenGL "
        "context can be made; 2 for a bad command line. Each command's section above says more.",
        ".SH ENVIRONMENT",
        ".TP", "\\fBXDG_CONFIG_HOME\\fR",
        "The viewer keeps its settings and panel layout in "
        "\\fI$XDG_CONFIG_HOME/bvhscope/settings.ini\\fR (\\fI~/.config/bvhscope\\fR when unset).",
        ".TP", "\\fBDISPLAY\\fR, \\fBWAYLAND_DISPLAY\\fR",
        "The viewer needs one; \\fBrender\\fR and \\fBthumbnail\\fR need neither (EGL).",
        ".SH FILES",
        ".TP", "\\fI/usr/share/thumbnailers/bvhscope.thumbnailer\\fR",
        "Makes file managers draw .bvh thumbnails with \\fBbvhscope thumbnail\\fR.",
        ".SH SEE ALSO",
        "The Biovision Hierarchy format: https://research.cs.wisc.edu/graphics/Courses/cs-838-1999/"
        "Jeff/BVH.html",
    ]
    return "\n".join(out) + "\n"


# [SECTION] Completions


def completable(command):
    return [option for option in command.all_options() if not option.for_tests]


def positional_kind(command):
    if command.name == "":
        return "bvh-or-directory"
    if command.name == "thumbnail":
        return "bvh-then-png"
    return "bvh"


def bash_completion(commands):
    names = " ".join(command.name for command in commands[1:])
    out = [
        "# bash completion for bvhscope. Generated by tools/generate_cli_docs.py from the --help",
        "# texts; do not edit.",
        "_bvhscope() {",
        "    local cur prev words cword",
        "    _init_completion || return",
        "    local command=\"\" i",
        "    for ((i = 1; i < cword; i++)); do",
        "        case \"${words[i]}\" in",
        f"            {names.replace(' ', '|')}) command=\"${{words[i]}}\"; break ;;",
        "        esac",
        "    done",
        "    local options",
        "    case \"$command\" in",
    ]
    for command in commands:
        label = command.name or '""'
        options = completable(command)
        flags = " ".join(sorted({name for option in options for name in option.names}))
        if command.name == "":
            flags += " --help --version"
        out.append(f"        {label})")
        out.append(f"            options=\"{flags.strip()}\"")
        out.append("            case \"$prev\" in")
        for option in options:
            kind = option.value_kind()
            if not kind:
                continue
            pattern = "|".join(option.names)
            if kind == "choice":
                action = f"COMPREPLY=($(compgen -W \"{' '.join(option.choices())}\" -- \"$cur\"))"
            elif kind == "directory":
                action = "_filedir -d"
            elif kind == "png":
                action = "_filedir png"
            elif kind == "bvh":
                action = "_filedir '@(bvh|BVH)'"
            elif kind == "file":
                action = "_filedir"
            else:
                action = ":"
            out.append(f"                {pattern}) {action}; return ;;")
        out.append("            esac")
        out.append("            ;;")
    out += [
        "    esac",
        "    if [[ \"$cur\" == -* ]]; then",
        "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))",
        "        return",
        "    fi",
        "    if [[ -z \"$command\" ]]; then",
        f"        COMPREPLY=($(compgen -W \"{names}\" -- \"$cur\"))",
        "    fi",
        "    # .bvh files (any case) and folders: the viewer opens both, the commands take files.",
        "    local IFS=$'\\n'",
        "    COMPREPLY+=($(compgen -d -- \"$cur\"))",
        "    COMPREPLY+=($(compgen -f -X '!*.@(bvh|BVH|Bvh)' -- \"$cur\"))",
        "    if [[ \"$command\" == thumbnail || \"$command\" == convert ]]; then",
        "        COMPREPLY+=($(compgen -f -- \"$cur\"))",
        "    fi",
        "    compopt -o filenames 2>/dev/null",
        "}",
        "complete -F _bvhscope bvhscope",
    ]
    return "\n".join(out) + "\n"


def zsh_escape(text):
    return text.replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def short_description(description, limit=60):
    """The first clause of a description, without parenthesised asides, at most `limit`."""
    text = re.sub(r"\s*\([^()]*\)", "", description).split("; ")[0].strip()
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0].rstrip(",:") + "..."
    return text


def zsh_short(description):
    return zsh_escape(short_description(description))


def zsh_spec(option):
    kind = option.value_kind()
    action = {
        "": "",
        "choice": ":" + zsh_escape(option.placeholder.lower()) + ":(" +
                  " ".join(option.choices()) + ")",
        "directory": ":folder:_files -/",
        "png": ":image:_files -g \"*.png(-.)\"",
        "bvh": ":BVH file:_files -g \"*.(#i)bvh(-.)\"",
        "file": ":file:_files",
        "value": ":" + zsh_escape(option.placeholder.lower()) + ": ",
    }[kind]
    description = zsh_short(option.description)
    if len(option.names) == 1:
        return f"'{option.names[0]}[{description}]{action}'"
    names = ",".join(option.names)
    return f"'({' '.join(option.names)})'{{{names}}}'[{description}]{action}'"


def zsh_completion(commands):
    out = [
        "#compdef bvhscope",
        "# zsh completion for bvhscope. Generated by tools/generate_cli_docs.py from the --help",
        "# texts; do not edit.",
        "",
        "# .bvh files in any case, and folders (_files -g offers directories too).",
        "_bvhscope_files() {",
        "  _files -g '*.(#i)bvh(-.)'",
        "}",
        "",
        "_bvhscope() {",
        "  local -a commands",
        "  commands=(",
    ]
    for command in commands[1:]:
        out.append(f"    '{command.name}:{zsh_short(command.summary)}'")
    out += ["  )", "  local curcontext=\"$curcontext\" state line", "  typeset -A opt_args"]
    viewer = commands[0]
    out.append("  _arguments -C \\")
    for option in completable(viewer):
        out.append(f"    {zsh_spec(option)} \\")
    out += [
        "    '(- *)--help[show the usage]' \\",
        "    '(- *)--version[show the version]' \\",
        "    '1: :->first' \\",
        "    '*:: :->rest' && return",
        "  case $state in",
        "    first)",
        "      _describe -t commands 'bvhscope command' commands",
        "      _bvhscope_files",
        "      ;;",
        "    rest)",
        "      case $line[1] in",
    ]
    for command in commands[1:]:
        out.append(f"        {command.name})")
        out.append("          _arguments \\")
        for option in completable(command):
            out.append(f"            {zsh_spec(option)} \\")
        positional = "'*:file:_files'" if command.name in ("convert", "thumbnail") else \
            "'*:BVH file:_bvhscope_files'"
        if command.name == "render":
            positional = "'*:BVH file:_bvhscope_files'"
        out.append(f"            {positional}")
        out.append("          ;;")
    out += [
        "        *)",
        "          _bvhscope_files",
        "          ;;",
        "      esac",
        "      ;;",
        "  esac",
        "}",
        "",
        "_bvhscope \"$@\"",
    ]
    return "\n".join(out) + "\n"


def fish_escape(text):
    return text.replace("\\", "\\\\").replace("'", "\\'")


def fish_completion(commands):
    names = " ".join(command.name for command in commands[1:])
    out = [
        "# fish completion for bvhscope. Generated by tools/generate_cli_docs.py from the --help",
        "# texts; do not edit.",
        "",
        "# fish's __fish_complete_suffix offers every file (those with the suffix first); the",
        "# viewer and the commands take .bvh files, in any case, and folders.",
        "function __bvhscope_bvh_files --description 'BVH files in any case, and folders'",
        "    string match --regex --ignore-case --entire -- '(?:\\.bvh|/)(?:\\t.*)?$' \\",
        "        (__fish_complete_path (commandline -ct))",
        "end",
        "",
        "complete -c bvhscope -f",
        f"complete -c bvhscope -n 'not __fish_seen_subcommand_from {names}' "
        "-a '(__bvhscope_bvh_files)'",
    ]
    for command in commands[1:]:
        out.append(f"complete -c bvhscope -n 'not __fish_seen_subcommand_from {names}' "
                   f"-a {command.name} -d '{fish_escape(short_description(command.summary))}'")
    out += [
        "complete -c bvhscope -l help -d 'show the usage'",
        "complete -c bvhscope -l version -d 'show the version'",
    ]
    for command in commands:
        condition = (f"__fish_seen_subcommand_from {command.name}" if command.name else
                     f"not __fish_seen_subcommand_from {names}")
        if command.name:
            # convert and thumbnail also name an output file: any file there.
            files = ("(__fish_complete_path (commandline -ct))"
                     if command.name in ("convert", "thumbnail") else "(__bvhscope_bvh_files)")
            out.append(f"complete -c bvhscope -n '{condition}' -a '{files}'")
        for option in completable(command):
            parts = [f"complete -c bvhscope -n '{condition}'"]
            for name in option.names:
                parts.append(f"-l {name[2:]}" if name.startswith("--") else f"-s {name[1:]}")
            kind = option.value_kind()
            if kind == "choice":
                parts.append(f"-x -a '{' '.join(option.choices())}'")
            elif kind in ("file", "png", "bvh"):
                parts.append("-r -F")
            elif kind == "directory":
                parts.append("-x -a '(__fish_complete_directories)'")
            elif kind == "value":
                parts.append("-x")
            parts.append(f"-d '{fish_escape(short_description(option.description))}'")
            out.append(" ".join(parts))
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    binary, outdir, version = sys.argv[1:]
    commands = read_commands(binary)
    os.makedirs(outdir, exist_ok=True)
    outputs = {
        "bvhscope.1": man_page(commands, version),
        "bvhscope.bash": bash_completion(commands),
        "_bvhscope": zsh_completion(commands),
        "bvhscope.fish": fish_completion(commands),
    }
    for name, text in outputs.items():
        path = os.path.join(outdir, name)
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
