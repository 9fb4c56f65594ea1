#!/usr/bin/env bash
# Unpacks Debian's source packages of GLFW, Dear ImGui and meshoptimizer, at the versions of the
# Linux build's libglfw3-dev, libimgui-dev and libmeshoptimizer-dev, into DEST (the Windows build
# compiles them with MinGW-w64).
# Needs a deb-src entry (tools/install-deps.sh --windows adds one) and dpkg-dev.
#   usage: tools/windows/fetch-sources.sh DEST
set -euo pipefail
dest="$1"
mkdir -p "$dest"
cd "$dest"

unpack() { # binary package (its version picks the source), source package, directory name
  local version
  version="$(dpkg-query -W -f='${source:Version}' "$1")"
  if [ -f "$3/.unpacked-$version" ]; then
    return
  fi
  rm -rf "$3" "$3".tmp
  mkdir "$3".tmp
  # apt downloads as its own user where it can (else it warns and downloads as root).
  if [ "$(id -u)" -eq 0 ]; then chown _apt "$3".tmp 2>/dev/null || true; fi
  # apt-get source runs dpkg-source -x (Debian's patches applied) in the current directory.
  (cd "$3".tmp && apt-get source -qq "$2=$version" >/dev/null)
  mv "$3".tmp/"$2"-*/ "$3"
  rm -rf "$3".tmp
  touch "$3/.unpacked-$version"
  echo "unpacked $2 $version into $dest/$3"
}

unpack libglfw3-dev glfw3 glfw
unpack libimgui-dev imgui imgui
unpack libmeshoptimizer-dev meshoptimizer meshoptimizer
