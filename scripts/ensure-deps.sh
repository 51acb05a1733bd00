#!/usr/bin/env bash
# Installs the system packages Rappel needs to build and run, if missing.
# Run by ./play.sh and ./test.sh; `--dist` by scripts/dist.sh. Fast and
# silent when all is there.
#
# Needs: SDL2 development files (the `sdl2` crate links libSDL2), Mesa's GL/EGL
# drivers (llvmpipe renders headless through SDL's offscreen driver).
# With `--dist`, also what building SDL2 from the `sdl2` crate's source
# needs: cmake and pkg-config, and the headers of what SDL loads at run
# time (X11 and its extensions, Wayland, xkbcommon, EGL/GL, ALSA,
# PulseAudio, udev for gamepads, D-Bus). They are build-time only: the
# player's machine loads the libraries themselves, if it has them. And
# Xvfb, the X server scripts/dist-test.sh opens the download's window on.
set -euo pipefail

DEBIAN_PACKAGES=(libsdl2-dev libgl1-mesa-dri libegl1 libgl1)
DIST_PACKAGES=(cmake pkg-config libx11-dev libxext-dev libxrandr-dev libxcursor-dev
  libxi-dev libxss-dev libxfixes-dev libxkbcommon-dev libwayland-dev libegl-dev libgl-dev
  libasound2-dev libpulse-dev libudev-dev libdbus-1-dev xvfb)
dist=false
case "${1:-}" in
  "") ;;
  --dist) dist=true; DEBIAN_PACKAGES+=("${DIST_PACKAGES[@]}") ;;
  *) echo "usage: ensure-deps.sh [--dist]" >&2; exit 2 ;;
esac

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in "${DEBIAN_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    exit 0
  fi
  echo "rappel setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -eq 0 ]; then
    run_root=()
  elif command -v sudo >/dev/null 2>&1; then
    run_root=(sudo)
  else
    echo "rappel setup: need root to install: ${missing[*]} (run as root, or install them with your package manager)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${run_root[@]}" apt-get update -qq
  "${run_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "rappel setup: installed ${missing[*]}" >&2
else
  # Not Debian/Ubuntu: say what is needed rather than guessing a package manager.
  if ! $dist && command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sdl2 2>/dev/null; then
    exit 0
  fi
  if $dist && command -v cmake >/dev/null 2>&1 && pkg-config --exists x11 xext 2>/dev/null; then
    exit 0
  fi
  cat >&2 <<MSG
rappel setup: this system is not Debian/Ubuntu, so packages are not installed automatically.
Install the SDL2 development files and Mesa's GL/EGL drivers, for example:
  Fedora:  sudo dnf install SDL2-devel mesa-dri-drivers mesa-libEGL
  Arch:    sudo pacman -S sdl2 mesa
  macOS:   brew install sdl2
To make the download (scripts/dist.sh), also cmake, pkg-config and the
development files of X11 (with Xext, Xrandr, Xcursor, XInput2, XScrnSaver,
Xfixes), Wayland, xkbcommon, EGL/GL, ALSA, PulseAudio, udev and D-Bus.
Then run this command again.
MSG
  exit 1
fi
