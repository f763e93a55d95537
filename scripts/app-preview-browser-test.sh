#!/bin/sh
# The app-preview example in a real browser: one row rendered small and short,
# its MP4's sound decoded by Web Audio and its video played in headless
# Chromium (scripts/app_preview_browser_test.py). Installs Debian's chromium
# and a venv with websocket-client (PyPI) when missing.
set -eu
cd "$(dirname "$0")/.."
test_name=app-preview-browser
. scripts/browser-env.sh
exec "$venv/bin/python" scripts/app_preview_browser_test.py --reel "$reel" --browser "$browser" "$@"
