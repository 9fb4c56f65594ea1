#!/usr/bin/env bash
# Unpacks Debian's source packages of GLFW, Dear ImGui and meshoptimizer, at the versions of the
# Linux build's libglfw3-dev, libimgui-dev and libmeshoptimizer-dev, into DEST (the Windows build
# compiles them with MinGW-w64).
#   usage: tools/windows/fetch-sources.sh DEST
set -euo pipefail
source "$(dirname "$0")/../debian_sources.sh"
mkdir -p "$1"
cd "$1"
unpack_debian_source libglfw3-dev glfw3 glfw
unpack_debian_source libimgui-dev imgui imgui
unpack_debian_source libmeshoptimizer-dev meshoptimizer meshoptimizer
