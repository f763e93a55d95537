# Sourced by the browser tests (scripts/*-browser-test.sh): sets `browser`
# (Debian's chromium, installed when missing), `venv` (a venv with
# websocket-client from PyPI, for scripts/cdp.py) and `reel` (the debug
# build, built now). Set `test_name` first: it names the test in messages.
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    echo "$test_name: apt-get install chromium"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
    browser=$(command -v chromium)
  else
    echo "$test_name: no Chromium found; install it (e.g. brew install --cask chromium)" >&2
    exit 1
  fi
fi

venv=.build/studio-browser-venv
if ! "$venv/bin/python" -c "import websocket" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q websocket-client
fi

log=.build/$test_name-build.log
swift build --product reel >"$log" 2>&1 || { cat "$log"; exit 1; }
reel="$(swift build --show-bin-path)/reel"
