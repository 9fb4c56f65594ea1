#!/usr/bin/env bash
# Installs the Debian 12 packages bvhscope builds, runs and tests with, if any are missing.
# As root it runs apt-get; otherwise it prints the exact command to run and fails.
#   --windows  also what the Windows cross-build needs (make windows, make test): MinGW-w64, Wine,
#              GoogleTest's source, and a deb-src entry so that tools/windows/fetch-sources.sh can
#              `apt-get source` GLFW and Dear ImGui (added next to the existing deb entries,
#              same mirrors and suites).
#   --web      also what the web page needs (make web, make test): emscripten, Debian's chromium
#              for its tests, and the same deb-src entry (tools/web/fetch-sources.sh unpacks Dear
#              ImGui, meshoptimizer and zlib).
set -euo pipefail

windows=0
web=0
for option in "$@"; do
  case "$option" in
    --windows) windows=1 ;;
    --web) web=1 ;;
    *) echo "usage: tools/install-deps.sh [--windows] [--web]" >&2; exit 2 ;;
  esac
done

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config make
  # libraries (no downloads at build time: everything comes from Debian)
  libglfw3-dev python3-glad libglm-dev libimgui-dev libstb-dev
  libgl-dev libegl-dev libgl1-mesa-dri libegl-mesa0 libgles-dev
  # zlib: the deflate of the PNGs render writes (render/gl/png_encoding.cpp)
  zlib1g-dev
  # video and sound (app/media): FFmpeg's libraries; Debian's libavcodec has libx264, libvpx,
  # libopus, libvorbis and libmp3lame built in
  libavformat-dev libavcodec-dev libswscale-dev libswresample-dev libavutil-dev
  # the viewer's sound output (SDL2's audio; its "dummy" driver stands in for a device in tests)
  libsdl2-dev
  # the viewer's UI font, embedded at build time
  fonts-dejavu-core
  # GDBus, for the desktop's file chooser (XDG portal); the session bus for its GUI test
  libglib2.0-dev dbus-daemon
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # an independent BVH reader to cross-check positions against
  libassimp-dev python3
  # glTF export (core/gltf): nlohmann::json writes its JSON; tinygltf reads exports back in the
  # tests; Node.js and npm run the Khronos glTF-Validator and three.js on them (tests/gltf)
  nlohmann-json3-dev libtinygltf-dev nodejs
  # the body look (core/body): simplifies the generated mesh into levels of detail
  libmeshoptimizer-dev
  # GUI tests: a real X server, input injection, screenshots
  xvfb xauth xdotool x11-utils x11-xserver-utils imagemagick libx11-dev
  # desktop integration (make install, make package) and its tests: the icon's PNG sizes,
  # validators, the MIME database, xdg-mime (its generic mode asks File::MimeInfo's mimetype),
  # man -l, the completions' shells, dpkg-shlibdeps for the .deb, strace for the installed-tree
  # check
  librsvg2-bin desktop-file-utils appstream shared-mime-info xdg-utils libfile-mimeinfo-perl
  man-db bash-completion zsh fish dpkg-dev file strace
  # memory checking and fuzzing (make fuzz)
  valgrind clang libclang-rt-14-dev
)

if [ $windows -eq 1 ]; then
  packages+=(
    # the cross compilers (posix threads: std::thread over winpthreads) and Wine to run the tests
    g++-mingw-w64-x86-64-posix gcc-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64
    wine wine64
    # zlib for MinGW (render/gl/png_encoding.cpp)
    libz-mingw-w64-dev
    # GoogleTest's source (/usr/src/googletest), compiled for Windows; dpkg-source for apt-get source
    googletest dpkg-dev
  )
fi

if [ $web -eq 1 ]; then
  packages+=(
    # the compiler (clang, binaryen and its prebuilt libc/libc++ come with it) and dpkg-dev for
    # apt-get source
    emscripten dpkg-dev
    # the page's tests: WebGL2 on SwiftShader, driven by puppeteer-core (tests/web)
    chromium
  )
fi

# True when apt has a deb-src entry (deb822 .sources files or one-line .list files).
has_source_entries() {
  grep -qsE '^[[:space:]]*(Types:.*deb-src|deb-src[[:space:]])' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources
}

add_source_entries() {
  local added=/etc/apt/sources.list.d/bvhscope-deb-src
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] && sed -n '/^Types:/ s/^Types:.*/Types: deb-src/; /^#/d; p' "$file"
    echo
  done >"$added.sources"
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] && sed -n 's/^deb[[:space:]]/deb-src /p' "$file"
  done >"$added.list"
  echo "added deb-src entries ($added.sources, $added.list) for apt-get source"
}

need_update=0
if [ $((windows + web)) -gt 0 ] && ! has_source_entries; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "the Windows and web builds need deb-src entries in apt's sources (to apt-get source imgui)" >&2
    echo "run as root:  tools/install-deps.sh $*" >&2
    exit 1
  fi
  add_source_entries
  need_update=1
fi

# The npm packages of the glTF checks (tests/gltf: the Khronos glTF-Validator and three.js),
# exactly as pinned in tests/gltf/package-lock.json, into tests/gltf/node_modules (not
# committed). Run as the user who builds; without npm the checks skip.
# The same for the web page's tests (tests/web: puppeteer-core).
install_npm_packages() {
  local folder
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm not found: the glTF validator, three.js and web page checks will skip" >&2
    return 0
  fi
  for folder in tests/gltf tests/web; do
    folder="$(cd "$(dirname "$0")/.." && pwd)/$folder"
    [ -f "$folder/package-lock.json" ] || continue
    if [ ! -f "$folder/node_modules/.package-lock.json" ] ||
       [ "$folder/package-lock.json" -nt "$folder/node_modules/.package-lock.json" ]; then
      (cd "$folder" && npm ci --ignore-scripts --no-audit --no-fund)
    fi
  done
}

missing=()
# NodeSource's nodejs carries its own npm; Debian's npm package would conflict with it.
if ! command -v npm >/dev/null 2>&1; then
  packages+=(npm)
fi
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  if [ $need_update -eq 1 ]; then
    apt-get update -qq
  fi
  install_npm_packages
  exit 0
fi

command="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "bvhscope needs these Debian packages: ${missing[*]}" >&2
  echo "run as root:  apt-get update && $command" >&2
  exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
$command
install_npm_packages
