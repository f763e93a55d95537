#!/usr/bin/env python3
"""`reel studio` in headless Chromium over the Chrome DevTools Protocol.

Starts the studio on a copy of Scenes/thermometer.json on a free loopback
port, opens the page and checks what a person would see: no console errors,
a frame that is not blank, the scrubber changing the shown image, the sound
mix (a tone added to the copy from 1 s) served as WAV and played by the page
from the playhead's time, and a save of the scene file updating the shown
frame without a page reload. Saves a
screenshot as .build/test-artifacts/studio.png (and docs/studio.png with
--update-docs). Prints "N passed, N failed" and exits non-zero on failure.
"""
import argparse
import base64
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from cdp import Browser, Checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEADLINE = time.monotonic() + 90


# A digest of the pixels the <img> shows, and how many distinct colours it has.
PIXELS = """(() => {
  const img = document.getElementById('frame');
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261 >>> 0; const colours = new Set();
  for (let i = 0; i < d.length; i += 4) {
    const v = (d[i] << 24 | d[i + 1] << 16 | d[i + 2] << 8 | d[i + 3]) >>> 0;
    h = Math.imul(h ^ v, 16777619) >>> 0;
    if (colours.size < 64) colours.add(v);
  }
  return {hash: h, colours: colours.size, width: c.width, height: c.height};
})()"""


def start_studio(reel, scene):
    process = subprocess.Popen([reel, "studio", scene, "--port", "0", "--host", "127.0.0.1", "--scale", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        process.kill()
        raise RuntimeError(f"reel studio printed no URL: {line!r} {process.stderr.read()}")
    return process, match.group(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reel", required=True)
    parser.add_argument("--browser", required=True)
    parser.add_argument("--update-docs", action="store_true")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="reel-studio-browser-")
    scene = os.path.join(work, "thermometer.json")
    with open(os.path.join(ROOT, "Scenes", "thermometer.json")) as f:
        text = f.read()
    with open(scene, "w") as f:
        f.write(text.replace('"layers": [', '"audio": [{"file": "tone.wav", "start": 1}],\n "layers": [', 1))
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=3",
                    os.path.join(work, "tone.wav")], check=True)
    artifacts = os.path.join(ROOT, ".build", "test-artifacts")
    os.makedirs(artifacts, exist_ok=True)
    check = Checks()
    studio, browser = None, Browser()

    try:
        studio, url = start_studio(args.reel, scene)
        page = browser.open(args.browser, os.path.join(work, "profile"), url, DEADLINE,
                            ["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
        page.wait_for("window.studio && window.studio.shownFrame >= 0", 30, "the first frame")
        first = page.evaluate(PIXELS)
        check("the page shows a frame that is not blank", first["colours"] > 8 and first["width"] == 390, first)
        page.evaluate("window.loadedOnce = true")

        # The scrubber: another moment, another image.
        page.evaluate("""(() => { const s = document.getElementById('scrubber');
            s.value = '30'; s.dispatchEvent(new Event('input')); })()""")
        page.wait_for("window.studio.shownFrame === 30", 20, "frame 30 after scrubbing")
        scrubbed = page.evaluate(PIXELS)
        check("the scrubber changes the shown image", scrubbed["hash"] != first["hash"], (first, scrubbed))
        check("the time and frame number follow the scrubber",
              page.evaluate("document.getElementById('frame-number').textContent") == "frame 30 / 359")

        # The sound: the mix as WAV, silent before the tone's start, the scene's length.
        sound = page.evaluate("""(async () => {
            const r = await fetch('/api/sound.wav');
            const audio = await new OfflineAudioContext(2, 48000, 48000).decodeAudioData(await r.arrayBuffer());
            const d = audio.getChannelData(0), rms = (a, b) => {
              let s = 0; for (let i = a * 48000; i < b * 48000; i++) s += d[i] * d[i];
              return Math.sqrt(s / ((b - a) * 48000)); };
            return {status: r.status, type: r.headers.get('Content-Type'), duration: audio.duration,
                    scene: window.studio.scene.duration, before: rms(0.2, 0.9), after: rms(1.2, 1.9)};
          })()""")
        check("the sound mix is served as WAV at the scene's length",
              sound["status"] == 200 and sound["type"] == "audio/wav" and abs(sound["duration"] - sound["scene"]) < 0.01, sound)
        check("with the tone from its start only", sound["before"] < 1e-4 and sound["after"] > 0.05, sound)
        # Playing plays the sound from the playhead's time; pausing pauses it.
        page.evaluate("document.getElementById('play').click()")
        page.wait_for("window.studio.audio.src.startsWith('blob:')", 20, "the sound loaded")
        page.wait_for("!window.studio.audio.paused && window.studio.audio.currentTime > 0", 20, "the sound playing")
        time.sleep(0.5)
        playing = page.evaluate("""(() => { const s = window.studio;
            return {src: s.audio.src, paused: s.audio.paused, sound: s.audio.currentTime, frame: s.frame / s.scene.fps}; })()""")
        check("playing plays the sound in step with the frames",
              playing["src"].startswith("blob:") and not playing["paused"]
              and abs(playing["sound"] - playing["frame"]) < 0.25, playing)
        page.evaluate("document.getElementById('play').click()")
        check("pausing pauses it", page.evaluate("window.studio.audio.paused"))
        page.evaluate("""(() => { const s = document.getElementById('scrubber');
            s.value = '30'; s.dispatchEvent(new Event('input')); })()""")
        page.wait_for("window.studio.shownFrame === 30", 20, "frame 30 again")

        # A save of the scene file: the shown frame updates, the page is not reloaded.
        with open(scene) as f:
            text = f.read()
        edited = text.replace('"background": "white"', '"background": "#FFE4C4"', 1)
        assert edited != text, "the scene's background was not found"
        with open(scene + ".tmp", "w") as f:
            f.write(edited)
        os.replace(scene + ".tmp", scene)
        page.wait_for("window.studio.shownVersion === 2", 20, "the frame of the saved scene")
        saved = page.evaluate(PIXELS)
        check("a save updates the shown frame", saved["hash"] != scrubbed["hash"], (scrubbed, saved))
        check("without reloading the page", page.evaluate("window.loadedOnce === true"))
        check("the variables' values are listed",
              page.wait_for("document.querySelectorAll('#values tr').length", 5, "the values table") >= 1)
        time.sleep(0.3)
        png = base64.b64decode(page.call("Page.captureScreenshot", format="png")["data"])
        with open(os.path.join(artifacts, "studio.png"), "wb") as f:
            f.write(png)
        if args.update_docs:
            with open(os.path.join(ROOT, "docs", "studio.png"), "wb") as f:
                f.write(png)

        # A save that does not load: its located errors over the last good frame, then recovery.
        def save(content):
            with open(scene + ".tmp", "w") as f:
                f.write(content)
            os.replace(scene + ".tmp", scene)
        save(edited.replace('"background": "#FFE4C4"', '"background": "#FFE4C"', 1))
        errors = page.wait_for("!document.getElementById('errors').hidden && document.getElementById('errors').textContent",
                               20, "the errors of the broken save")
        check("a broken save shows its located errors", re.search(r"thermometer\.json:\d+:\d+: \$\.canvas\.background: ", errors),
              errors)
        check("over the last good frame", page.evaluate(PIXELS)["hash"] == saved["hash"])
        save(edited)
        page.wait_for("document.getElementById('errors').hidden && window.studio.shownVersion === 3", 20,
                      "recovery on the next good save")
        check("the next good save recovers", page.evaluate(PIXELS)["hash"] == saved["hash"])

        # A parameter edited on the page: applied as --set would, the file untouched.
        page.evaluate("""(() => { const i = document.querySelector('#parameters input[data-name="inset"]');
            i.value = '40'; i.dispatchEvent(new Event('change')); })()""")
        page.wait_for("window.studio.shownVersion === 4", 20, "the frame with the edited parameter")
        check("a parameter edited on the page changes the frame", page.evaluate(PIXELS)["hash"] != saved["hash"])
        with open(scene) as f:
            check("and leaves the file alone", f.read() == edited)
        check("no console errors", not page.problems, page.problems)
    except Exception as e:  # a step that could not run is a failure, with its reason
        check("the browser test ran to the end", False, repr(e))
    finally:
        browser.close()
        if studio:
            studio.send_signal(signal.SIGINT)
            try:
                status = studio.wait(timeout=10)
            except subprocess.TimeoutExpired:
                studio.kill()
                status = studio.wait()
            check("Ctrl-C stops the studio", status == 130, status)
        shutil.rmtree(work, ignore_errors=True)
    return check.report("studio browser test")


if __name__ == "__main__":
    sys.exit(main())
