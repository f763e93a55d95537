#!/bin/sh
# The studio in a real browser: headless Chromium driven over the Chrome
# DevTools Protocol by scripts/studio_browser_test.py. Installs Debian's
# chromium and a venv with websocket-client (PyPI) when missing.
#
#   scripts/studio-browser-test.sh [--update-docs]   (--update-docs also copies the screenshot to docs/studio.png)
set -eu
cd "$(dirname "$0")/.."

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    echo "studio-browser-test: apt-get install chromium"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
    browser=$(command -v chromium)
  else
    echo "studio-browser-test: no Chromium found; install it (e.g. brew install --cask chromium)" >&2
    exit 1
  fi
fi

venv=.build/studio-browser-venv
if ! "$venv/bin/python" -c "import websocket" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q websocket-client
fi

log=.build/studio-browser-build.log
swift build --product reel >"$log" 2>&1 || { cat "$log"; exit 1; }
reel="$(swift build --show-bin-path)/reel"
exec "$venv/bin/python" scripts/studio_browser_test.py --reel "$reel" --browser "$browser" "$@"
