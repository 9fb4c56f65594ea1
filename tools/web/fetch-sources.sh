#!/usr/bin/env bash
# Unpacks Debian's source packages of Dear ImGui, meshoptimizer and zlib, at the versions of the
# Linux build's packages, into DEST (the web build compiles them with emscripten; GLFW is
# emscripten's own, -sUSE_GLFW=3).
#   usage: tools/web/fetch-sources.sh DEST
set -euo pipefail
source "$(dirname "$0")/../debian_sources.sh"
mkdir -p "$1"
cd "$1"
unpack_debian_source libimgui-dev imgui imgui
unpack_debian_source libmeshoptimizer-dev meshoptimizer meshoptimizer
unpack_debian_source zlib1g-dev zlib zlib
