#!/usr/bin/env python3
"""The app-preview example plays with sound in headless Chromium.

Renders one row of Scenes/app-preview (the second row's captions and
recording, through `--set`) small and at 10 fps, serves the MP4 over local
HTTP and, in one page:
  - decodes its sound with Web Audio (`decodeAudioData`): about as long as
    the scene (5 s), not silent while the music bed plays, and quieter in
    its fade-in and fade-out than in between (the animated volume);
  - plays it in a <video> element: `loadeddata`, the 5 s duration, the
    picture's size, `ended` after playing through, no `error` event.
Prints "N passed, N failed"; exits non-zero on failure.
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from cdp import Browser, Checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENE = os.path.join(ROOT, "Scenes", "app-preview", "preview.json")
MEDIA = os.path.join(ROOT, "Scenes", "app-preview", "media")
OPTIONS = ["--scale", "0.75", "--fps", "10", "--set", "headline=Watch ideas grow", "--set", "accent=#34D399",
           "--set", "screen=" + os.path.join(MEDIA, "screen-b.mp4")]
DURATION = 5.0
DEADLINE = time.monotonic() + 240


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


PAGE = """<!doctype html><meta charset="utf-8"><title>app preview</title><link rel="icon" href="data:,"><body><script>
const within = (promise, seconds, what) => Promise.race([promise,
  new Promise((_, reject) => setTimeout(() => reject(new Error('timed out: ' + what)), seconds * 1000))]);
const event = (target, name) => new Promise(resolve => target.addEventListener(name, resolve, {once: true}));
window.probe = {
  errors: [],
  // The sound decoded by Web Audio: its length and the RMS of stretches of it.
  async sound(url, stretches) {
    const bytes = await (await fetch(url)).arrayBuffer();
    const audio = await new OfflineAudioContext(2, 48000, 48000).decodeAudioData(bytes);
    const rms = ([from, to]) => {
      let sum = 0, n = 0;
      for (let c = 0; c < audio.numberOfChannels; c++) {
        const data = audio.getChannelData(c);
        for (let i = Math.floor(from * audio.sampleRate); i < Math.min(to * audio.sampleRate, data.length); i++) {
          sum += data[i] * data[i]; n++;
        }
      }
      return n ? Math.sqrt(sum / n) : 0;
    };
    return {duration: audio.duration, channels: audio.numberOfChannels, rms: stretches.map(rms)};
  },
  // Plays the video (sound on; the browser is started muted) to its end.
  async play(url) {
    const v = document.createElement('video');
    v.preload = 'auto';
    v.addEventListener('error', () => this.errors.push(url + ': ' + (v.error && v.error.message)));
    document.body.append(v);
    v.src = url;
    await within(event(v, 'loadeddata'), 20, 'loadeddata');
    const loaded = {duration: v.duration, width: v.videoWidth, height: v.videoHeight};
    v.playbackRate = 2;
    const ended = event(v, 'ended');
    await v.play();
    const playing = !v.paused;
    await within(ended, 20, 'ended');
    return {...loaded, playing, ended: v.ended, currentTime: v.currentTime};
  },
};
</script>"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reel", required=True)
    parser.add_argument("--browser", required=True)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="reel-app-preview-")
    check = Checks()
    server, browser = None, Browser()
    try:
        started = time.monotonic()
        done = subprocess.run([args.reel, "render", SCENE, "-o", os.path.join(work, "preview.mp4"), "--quiet",
                               "--no-cache"] + OPTIONS, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"reel render exited {done.returncode}: {done.stderr.strip()}")
        print(f"rendered one row of the app preview in {time.monotonic() - started:.1f} s", flush=True)
        with open(os.path.join(work, "index.html"), "w") as f:
            f.write(PAGE)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=work))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"

        page = browser.open(args.browser, os.path.join(work, "profile"), base + "index.html", DEADLINE,
                            ["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
        page.wait_for("window.probe !== undefined", 20, "the test page")

        # The bed fades in over 0–0.5 s and out over 4–5 s (scene times).
        stretches = [[0.0, 0.1], [1.0, 3.5], [4.8, 4.98]]
        sound = page.evaluate(f"probe.sound('preview.mp4', {json.dumps(stretches)})")
        check("the sound decodes to about the scene's length",
              abs(sound["duration"] - DURATION) < 0.1 and sound["channels"] == 2, sound)
        start, middle, end = sound["rms"]
        check("the music bed is not silent", middle > 0.05, sound["rms"])
        check("it fades in and out (the animated volume)", start < middle / 4 and end < middle / 4, sound["rms"])

        played = page.evaluate("probe.play('preview.mp4')")
        check("the <video> element loads it at the scene's length and size",
              abs(played["duration"] - DURATION) < 0.1 and (played["width"], played["height"]) == (270, 480), played)
        check("the <video> element plays it to its end", played["playing"] and played["ended"], played)
        errors = page.evaluate("probe.errors")
        check("no error events", not errors, errors)
        check("no console errors", not page.problems, page.problems)
    except Exception as e:  # a step that could not run is a failure, with its reason
        check("the browser test ran to the end", False, repr(e))
    finally:
        browser.close()
        if server:
            server.shutdown()
            server.server_close()
        shutil.rmtree(work, ignore_errors=True)
    return check.report("app preview browser test")


if __name__ == "__main__":
    sys.exit(main())
