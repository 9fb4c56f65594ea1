#!/usr/bin/env bash
# What `cmake --install` puts on a user's machine, checked in a temporary DESTDIR:
#   1. every file is where desktops look for it; installed into a live prefix (no DESTDIR),
#      the MIME and desktop caches there are refreshed and the thumbnailer names that prefix;
#   2. the installed binary runs from there and opens nothing in the build or source tree;
#   3. the desktop entry and the AppStream metainfo validate (and the metainfo's newest release
#      is this version);
#   4. once the MIME database of that tree is built, `xdg-mime query filetype` gives
#      model/x-bvh for .bvh files in any case and for BVH text under other names, and not for
#      other text; the desktop entry is the type's default handler;
#   5. the thumbnailer's Exec line, expanded as a file manager does, writes an RGBA PNG of the
#      asked size with the figure in it, and a file that does not load gets none and a non-zero
#      exit;
#   6. the man page renders with `man -l` without warnings and names every subcommand and every
#      option of every --help;
#   7. the completions work: bash (driven as readline would), fish (`complete -C`), zsh (typed
#      into an interactive shell in a pseudo-terminal).
#
# usage: install_test.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail

build=$(realpath "$1")
source=$(realpath "$2")
version=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
step() { echo "-- $*"; }
# grep that reads all its input: `grep -q` stops early and, under pipefail, the writer's SIGPIPE
# would fail the pipeline although the line was found.
contains() { grep "$@" > /dev/null; }
need() {
    if ! command -v "$1" > /dev/null; then
        echo "missing $1 (tools/install-deps.sh installs it)" >&2
        exit 1
    fi
}
for tool in cmake desktop-file-validate appstreamcli update-mime-database update-desktop-database \
    xdg-mime mimetype man file convert bash fish zsh; do
    need "$tool"
done

root=$tmp/root
share=$root/usr/share
bin=$root/usr/bin/bvhscope
# Nothing from the user running the test: no display, their own MIME or applications data.
unset DISPLAY WAYLAND_DISPLAY XDG_CURRENT_DESKTOP
export XDG_DATA_HOME=$tmp/home/.local/share XDG_CONFIG_HOME=$tmp/home/.config HOME=$tmp/home
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"

# [SECTION] 1. Installing
step "cmake --install into DESTDIR=$root, prefix /usr"
DESTDIR=$root cmake --install "$build" --prefix /usr > "$tmp/install.log"
for path in bin/bvhscope share/applications/bvhscope.desktop \
    share/metainfo/io.github.bvhscope.bvhscope.metainfo.xml share/mime/packages/bvhscope.xml \
    share/thumbnailers/bvhscope.thumbnailer share/icons/hicolor/scalable/apps/bvhscope.svg \
    share/man/man1/bvhscope.1.gz share/bash-completion/completions/bvhscope \
    share/zsh/vendor-completions/_bvhscope share/fish/vendor_completions.d/bvhscope.fish; do
    [ -f "$root/usr/$path" ] || fail "not installed: /usr/$path"
done
for size in 16 24 32 48 64 128 256 512; do
    icon=$share/icons/hicolor/${size}x${size}/apps/bvhscope.png
    file -b "$icon" | contains "PNG image data, $size x $size," ||
        fail "$icon is not a ${size}x$size PNG: $(file -b "$icon" 2>&1)"
done
if grep -rlF "$build" "$share" > "$tmp/mentions" 2> /dev/null; then
    fail "installed data names the build tree: $(cat "$tmp/mentions")"
fi

step "cmake --install into a live prefix (no DESTDIR) refreshes that prefix's caches"
live=$tmp/live
env -u DESTDIR cmake --install "$build" --prefix "$live" > "$tmp/live.log" 2>&1 ||
    fail "cmake --install --prefix $live failed: $(tail -5 "$tmp/live.log")"
[ -f "$live/share/mime/mime.cache" ] || fail "no MIME cache built under $live"
grep -q '^model/x-bvh=bvhscope.desktop;' "$live/share/applications/mimeinfo.cache" 2> /dev/null ||
    fail "no desktop database under $live naming bvhscope.desktop for model/x-bvh"
grep -qx "TryExec=$live/bin/bvhscope" "$live/share/thumbnailers/bvhscope.thumbnailer" ||
    fail "the thumbnailer under $live does not run $live/bin/bvhscope"

# [SECTION] 2. The binary, on its own
step "the installed binary runs and opens nothing in the build or source tree"
if readelf -d "$bin" | contains -E 'RPATH|RUNPATH'; then
    fail "the installed binary has an RPATH: $(readelf -d "$bin" | grep -E 'RPATH|RUNPATH')"
fi
mkdir -p "$tmp/work"
cp "$source/assets/sample_walk.bvh" "$tmp/work/walk.bvh"
run_installed() { (cd "$tmp/work" && "$bin" "$@"); }
run_installed --version | contains -x "bvhscope $version" || fail "--version is not $version"
run_installed info walk.bvh > "$tmp/info.txt" || fail "bvhscope info failed"
grep -q "walk.bvh" "$tmp/info.txt" || fail "info printed no summary: $(cat "$tmp/info.txt")"
if strace -f -o /dev/null true 2> /dev/null; then
    (cd "$tmp/work" && strace -f -qq -e trace=%file -o "$tmp/trace" "$bin" thumbnail walk.bvh \
        trace.png) || fail "thumbnail under strace failed"
    if grep -F -e "$build" -e "$source" "$tmp/trace" > "$tmp/opened"; then
        fail "the installed binary opened files in the tree: $(head -5 "$tmp/opened")"
    fi
    echo "   $(wc -l < "$tmp/trace") file system calls traced, none into the tree"
else
    echo "   (strace cannot trace here: the file accesses are not checked)"
fi

# [SECTION] 3. Validators
step "desktop-file-validate and appstreamcli validate"
desktop=$share/applications/bvhscope.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate rejects bvhscope.desktop"
grep -qx 'Exec=bvhscope %F' "$desktop" || fail "the desktop entry does not run 'bvhscope %F'"
metainfo=$share/metainfo/io.github.bvhscope.bvhscope.metainfo.xml
appstreamcli validate --no-net "$metainfo" > "$tmp/appstream.log" 2>&1 ||
    fail "appstreamcli rejects the metainfo: $(cat "$tmp/appstream.log")"
newest=$(grep -o '<release version="[^"]*"' "$metainfo" | head -1 | cut -d'"' -f2)
[ "$newest" = "$version" ] ||
    fail "the metainfo's newest release is $newest, not $version: add its release notes"
grep -q '<screenshot type="default">' "$metainfo" || fail "the metainfo has no default screenshot"

# [SECTION] 4. The file type
step "xdg-mime query filetype with the tree's MIME database"
export XDG_DATA_DIRS=$share:/usr/share
update-mime-database "$share/mime"
update-desktop-database "$share/applications"
mkdir -p "$tmp/files"
cp "$source/assets/sample_walk.bvh" "$tmp/files/walk.bvh"
cp "$source/assets/sample_walk.bvh" "$tmp/files/SHOUTING.BVH"
cp "$source/assets/sample_walk.bvh" "$tmp/files/Mixed.Bvh"
cp "$source/assets/sample_walk.bvh" "$tmp/files/take.mocap"                      # by content
printf '\xef\xbb\xbfHIERARCHY\r\nROOT Hips\r\n{\r\n' > "$tmp/files/exported_with_bom" # by content
printf 'Notes on the HIERARCHY of the ROOT folder\n' > "$tmp/files/notes.md"
printf 'HIERARCHY\n' > "$tmp/files/not_bvh"
expect_type() {
    local got
    got=$(xdg-mime query filetype "$tmp/files/$1")
    if [ "$2" = "model/x-bvh" ]; then
        [ "$got" = "model/x-bvh" ] || fail "xdg-mime says $1 is '$got', not model/x-bvh"
    else
        [ "$got" != "model/x-bvh" ] || fail "xdg-mime takes $1 (not BVH) for model/x-bvh"
    fi
}
for name in walk.bvh SHOUTING.BVH Mixed.Bvh take.mocap exported_with_bom; do
    expect_type "$name" model/x-bvh
done
expect_type notes.md other
expect_type not_bvh other
handler=$(xdg-mime query default model/x-bvh)
[ "$handler" = "bvhscope.desktop" ] || fail "the default handler of model/x-bvh is '$handler'"

# [SECTION] 5. The thumbnailer, as a file manager runs it
step "the thumbnailer's Exec line"
thumbnailer=$share/thumbnailers/bvhscope.thumbnailer
grep -qx 'MimeType=model/x-bvh;' "$thumbnailer" || fail "the thumbnailer is not for model/x-bvh"
exec_line=$(sed -n 's/^Exec=//p' "$thumbnailer")
try_exec=$(sed -n 's/^TryExec=//p' "$thumbnailer")
[ "$try_exec" = /usr/bin/bvhscope ] || fail "TryExec is '$try_exec', not the installed binary"
# Each %-field becomes one argument (GNOME's and Tumbler's thumbnailers split the line first),
# so a name with spaces stays whole. The binary is the one installed under DESTDIR.
thumbnail() { # INPUT OUTPUT SIZE
    local -a argv=()
    local word
    read -r -a words <<< "$exec_line"
    for word in "${words[@]}"; do
        case "$word" in
            %i) argv+=("$1") ;;
            %u) argv+=("file://$1") ;;
            %o) argv+=("$2") ;;
            %s) argv+=("$3") ;;
            %%) argv+=("%") ;;
            *) argv+=("$word") ;;
        esac
    done
    [ "${argv[0]}" = /usr/bin/bvhscope ] || fail "the thumbnailer runs '${argv[0]}'"
    argv[0]=$root${argv[0]}
    timeout 60 "${argv[@]}"
}
cp "$source/assets/sample_walk.bvh" "$tmp/files/a walk.bvh"
start=$(date +%s%N)
thumbnail "$tmp/files/a walk.bvh" "$tmp/thumb.png" 128 || fail "the thumbnailer failed"
echo "   one thumbnail: $((($(date +%s%N) - start) / 1000000)) ms"
file -b "$tmp/thumb.png" | contains "PNG image data, 128 x 128, 8-bit/color RGBA" ||
    fail "the thumbnail is not a 128x128 RGBA PNG: $(file -b "$tmp/thumb.png" 2>&1)"
if [ -f "$tmp/thumb.png" ]; then
    corner=$(convert "$tmp/thumb.png" -format '%[fx:p{0,0}.a]' info:)
    [ "$corner" = 0 ] || fail "the thumbnail's corner is not transparent (alpha $corner)"
    # The figure: opaque pixels, warm (the characters are orange) and a good part of the image.
    covered=$(convert "$tmp/thumb.png" -alpha extract -threshold 50% -format '%[fx:mean]' info:)
    warm=$(convert "$tmp/thumb.png" -background black -alpha remove \
        -fx '(r > b + 0.15) ? 1 : 0' -format '%[fx:mean]' info:)
    awk -v c="$covered" -v w="$warm" 'BEGIN { exit !(c > 0.03 && c < 0.6 && w > 0.02) }' ||
        fail "no figure in the thumbnail (opaque $covered, warm $warm of the pixels)"
fi
printf 'HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n' > "$tmp/files/broken.bvh"
if thumbnail "$tmp/files/broken.bvh" "$tmp/broken.png" 128 2> "$tmp/broken.err"; then
    fail "a broken file got a thumbnail"
fi
[ ! -e "$tmp/broken.png" ] || fail "a broken file left an image"
grep -q "broken.bvh:.*error" "$tmp/broken.err" || fail "no FILE:LINE:COL error for a broken file"

# [SECTION] 6. The man page
step "man -l"
man_page=$share/man/man1/bvhscope.1.gz
MANWIDTH=100 man --warnings -l "$man_page" > "$tmp/man.txt" 2> "$tmp/man.err" ||
    fail "man -l failed: $(cat "$tmp/man.err")"
[ ! -s "$tmp/man.err" ] || fail "man -l warns: $(cat "$tmp/man.err")"
# Every subcommand has a section and every option of every --help is named.
named=0
commands=$(run_installed --help | sed -n 's/^ *\(usage:\)\{0,1\} *bvhscope \([a-z][a-z-]*\) .*/\2/p')
[ -n "$commands" ] || fail "no subcommands in bvhscope --help"
for command in "" $commands; do
    if [ -n "$command" ]; then
        grep -q "^   $command\$" "$tmp/man.txt" || fail "the man page has no section for $command"
    fi
    # shellcheck disable=SC2086 # the empty command is no argument
    for option in $(run_installed $command --help | grep -oE '(^|[ ,])--[a-z][a-z-]*' |
        tr -d ' ,' | sort -u); do
        grep -q -- "$option" "$tmp/man.txt" || fail "the man page does not name $command $option"
        named=$((named + 1))
    done
done
echo "   $(echo "$commands" | wc -w) subcommands and $named options of their --help in the man page"

# [SECTION] 7. Completions
step "bash completion"
mkdir -p "$tmp/complete/captures"
touch "$tmp/complete/walk.bvh" "$tmp/complete/RUN.BVH" "$tmp/complete/notes.txt"
bash_complete() { # the words of a command line; the last one is being completed
    (cd "$tmp/complete" && bash --norc --noprofile -c '
        source /usr/share/bash-completion/bash_completion
        source "$0"
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
        _bvhscope
        printf "%s\n" "${COMPREPLY[@]}"' "$share/bash-completion/completions/bvhscope" "$@")
}
bash_complete bvhscope th | contains -x thumbnail || fail "bash does not complete 'bvhscope th'"
bash_complete bvhscope render --u > "$tmp/c1"
if ! grep -qx -- --up "$tmp/c1" || ! grep -qx -- --unit "$tmp/c1"; then
    fail "bash does not complete 'render --u': $(cat "$tmp/c1")"
fi
[ "$(bash_complete bvhscope render --up '' | LC_ALL=C sort | tr '\n' ' ')" = "-x -y -z auto x y z " ] ||
    fail "bash does not offer auto and the six signed axes after 'render --up'"
bash_complete bvhscope '' > "$tmp/c2"
for offered in walk.bvh RUN.BVH captures; do
    grep -qx "$offered" "$tmp/c2" ||
        fail "bash does not offer $offered to the viewer: $(tr '\n' ' ' < "$tmp/c2")"
done
! grep -qx notes.txt "$tmp/c2" || fail "bash offers notes.txt to the viewer"
bash_complete bvhscope check w | contains -x walk.bvh || fail "bash does not complete 'check w'"

step "fish and zsh completions"
fish_complete() {
    (cd "$tmp/complete" && fish --no-config -c "source $share/fish/vendor_completions.d/bvhscope.fish
        complete -C '$1'")
}
fish_complete 'bvhscope th' | contains '^thumbnail' || fail "fish does not complete 'bvhscope th'"
fish_complete 'bvhscope render --u' | contains '^--unit' || fail "fish does not complete --unit"
fish_complete 'bvhscope info ' > "$tmp/f1"
for offered in walk.bvh RUN.BVH captures/; do
    contains -x "$offered" "$tmp/f1" || fail "fish does not offer $offered to info"
done
! contains -x notes.txt "$tmp/f1" || fail "fish offers notes.txt to info"
zsh -n "$share/zsh/vendor-completions/_bvhscope" || fail "zsh cannot parse _bvhscope"
# zsh completes only in an interactive shell: tests/install/zsh_complete.zsh types into one.
zsh_complete() { # LINE EXPECTED
    "$(dirname "$0")/zsh_complete.zsh" "$share/zsh/vendor-completions" "$tmp/complete" "$1" "$2"
}
zsh_complete 'bvhscope th' 'bvhscope thumbnail' | contains -F 'bvhscope thumbnail' ||
    fail "zsh does not complete 'bvhscope th'"
zsh_complete 'bvhscope render --up ' 'auto' | contains -E 'auto +x +y +z' ||
    fail "zsh does not offer auto and the axes after 'render --up'"
zsh_complete 'bvhscope info ' 'walk.bvh' > "$tmp/z1"
for offered in walk.bvh RUN.BVH captures/; do
    contains -F "$offered" "$tmp/z1" || fail "zsh does not offer $offered to info: $(tail -2 "$tmp/z1")"
done
! contains -F notes.txt "$tmp/z1" || fail "zsh offers notes.txt to info"

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all install checks passed"
