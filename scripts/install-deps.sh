#!/bin/sh
# Installs the system packages Reel builds against, if any are missing.
#
#   scripts/install-deps.sh          packages to build, render and test (ffmpeg:
#                                    ffprobe and ffmpeg check joined chunks)
#
# Debian/Ubuntu: apt-get (as root, or through sudo). macOS: prints the Homebrew
# command. Quiet and fast (a dpkg query) when everything is present.
set -eu

packages="pkg-config libpng-dev libzstd-dev libssl-dev libfreetype-dev libavcodec-dev libavformat-dev libavfilter-dev libavutil-dev libswscale-dev libswresample-dev libmicrohttpd-dev ffmpeg"
# Text: shaping, bidi, system font fallback; hb-shape for the tests; fonts the
# fallback finds (CJK, colour emoji, Devanagari).
packages="$packages libharfbuzz-dev libfribidi-dev libfontconfig-dev libharfbuzz-bin fonts-noto-cjk fonts-noto-color-emoji fonts-lohit-deva"
# Scene images beyond PNG: JPEG, EXIF orientation, WebP, HEIF/AVIF (with its
# decoders and, for the tests' fixtures, encoders), ICC colour (docs/MEDIA.md).
packages="$packages libjpeg62-turbo-dev libexif-dev libwebp-dev libheif-dev liblcms2-dev"
# .lottie archives (zip).
packages="$packages libzip-dev"

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: the Swift toolchain (6.0 or later) is not on PATH; install it from https://www.swift.org/install/" >&2
  exit 1
fi

case "$(uname -s)" in
Darwin)
  for f in pkgconf libpng zstd openssl@3 freetype ffmpeg harfbuzz fribidi fontconfig libmicrohttpd jpeg-turbo libexif webp libheif little-cms2 libzip; do
    brew list --versions "$f" >/dev/null 2>&1 || missing="${missing:-} $f"
  done
  if [ -n "${missing:-}" ]; then
    echo "install-deps: missing Homebrew packages; run: brew install$missing" >&2
    exit 1
  fi
  exit 0
  ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian/Ubuntu system; install these packages (or your system's equivalents): $packages" >&2
  exit 0
fi

missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then sudo=""
elif command -v sudo >/dev/null 2>&1; then sudo="sudo"
else
  echo "install-deps: need root or sudo to install:$missing" >&2
  exit 1
fi
echo "install-deps: apt-get install$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
