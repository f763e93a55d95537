#!/bin/sh
# Joined chunks in a real browser: each seed scene rendered as 4 shards and
# joined by `reel concat`, played through and seeked across its chunk
# boundaries in headless Chromium, each seeked frame compared with the
# 1-process render's PNG (scripts/chunk_seek_browser_test.py). Installs
# Debian's chromium and a venv with websocket-client (PyPI) when missing.
set -eu
cd "$(dirname "$0")/.."
test_name=chunk-seek-browser
. scripts/browser-env.sh
exec "$venv/bin/python" scripts/chunk_seek_browser_test.py --reel "$reel" --browser "$browser" "$@"
