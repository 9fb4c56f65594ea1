#!/usr/bin/env bash
# unpack_debian_source BINARY SOURCE DIR: unpacks Debian's source package SOURCE, at the version
# of the installed binary package BINARY (so a cross-build compiles what the Linux build links),
# into DIR of the current directory, Debian's patches applied. Sourced by the cross-builds'
# fetch-sources.sh scripts (tools/windows, tools/web). Needs a deb-src entry
# (tools/install-deps.sh --windows or --web adds one) and dpkg-dev.
unpack_debian_source() {
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
  echo "unpacked $2 $version into $PWD/$3"
}
