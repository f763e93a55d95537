#!/bin/sh
# The studio in a real browser: headless Chromium driven over the Chrome
# DevTools Protocol by scripts/studio_browser_test.py. Installs Debian's
# chromium and a venv with websocket-client (PyPI) when missing.
#
#   scripts/studio-browser-test.sh [--update-docs]   (--update-docs also copies the screenshot to docs/studio.png)
set -eu
cd "$(dirname "$0")/.."
test_name=studio-browser
. scripts/browser-env.sh
exec "$venv/bin/python" scripts/studio_browser_test.py --reel "$reel" --browser "$browser" "$@"
