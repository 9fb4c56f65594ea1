#!/usr/bin/env bash
# Installs the Debian 12 packages bvhscope builds, runs and tests with, if any are missing.
# As root it runs apt-get; otherwise it prints the exact command to run and fails.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config make
  # libraries (no downloads at build time: everything comes from Debian)
  libglfw3-dev python3-glad libglm-dev libimgui-dev libstb-dev
  libgl-dev libegl-dev libgl1-mesa-dri libegl-mesa0 libgles-dev
  # video and sound (app/media): FFmpeg's libraries; Debian's libavcodec has libx264, libvpx,
  # libopus, libvorbis and libmp3lame built in
  libavformat-dev libavcodec-dev libswscale-dev libswresample-dev libavutil-dev
  # the viewer's sound output (SDL2's audio; its "dummy" driver stands in for a device in tests)
  libsdl2-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # an independent BVH reader to cross-check positions against
  libassimp-dev python3
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

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
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
