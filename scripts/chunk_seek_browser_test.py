#!/usr/bin/env python3
"""Joined chunks in a real browser: headless Chromium plays and seeks them.

For each seed scene: `reel render --shard K/4` for K = 0…3 and `reel concat`
(the split render), and a 1-process render of the same frames as an MP4
and as PNGs (the references). A local HTTP server that answers byte ranges
(as web servers do: a player seeks by asking for the bytes of the moment it
wants) serves them to one page, which
  - plays the joined MP4 through (faster than real time): `ended` fires,
    `currentTime` reaches `duration`, no `error` event;
  - seeks to just before each chunk boundary, to its exact time and to just
    after it, and to seeded random times; after each `seeked` it takes the
    presented frame's time (`requestVideoFrameCallback`) and its pixels
    (canvas `drawImage` + `getImageData`) and compares them with the
    1-process video seeked to the same time and with the PNG of the frame
    that time falls in (decoded by the browser too).
Luma PSNR bounds: VIDEO_TOLERANCE against the 1-process video's frame,
PNG_TOLERANCE against the PNG; a wrong frame must fail — the neighbouring
frames' PNGs match worse, and the 1-process frame before a boundary is
below VIDEO_TOLERANCE from the frame at it. Prints "N passed, N failed";
exits non-zero on failure.
"""
import argparse
import functools
import http.server
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from cdp import Browser, Checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENES = ["snow", "splash", "calendar", "thermometer"]
SHARDS = 4
# Small and short, so the test stays quick on two cores: 10 fps with a
# keyframe every second still gives each scene four chunks.
OPTIONS = ["--scale", "0.25", "--fps", "10", "--gop", "10"]
# Luma PSNR (dB) a seeked frame of the joined video keeps from the same frame
# of the 1-process video, both decoded by the browser: the bound for
# a join (the streams are the same packets, so it is usually identical).
VIDEO_TOLERANCE = 45.0
# ... and from the 1-process PNG: x264 at the default CRF on frames this small
# (text, hairlines) and the browser's YUV→RGB conversion, not ffmpeg's, lose
# more; the lowest measured was 36.6 dB (calendar).
PNG_TOLERANCE = 34.0
RANDOM_SEEKS = 4
DEADLINE = time.monotonic() + 240


class RangeHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder, answering `Range: bytes=a-b` with 206 as web servers do."""

    def send_head(self):
        wanted = self.headers.get("Range")
        path = self.translate_path(self.path)
        if not wanted or not wanted.startswith("bytes=") or not os.path.isfile(path):
            return super().send_head()
        size = os.path.getsize(path)
        first, _, last = wanted[6:].partition("-")
        start = int(first) if first else max(0, size - int(last))
        end = min(int(last), size - 1) if first and last else size - 1
        if start >= size or start > end:
            self.send_error(416)
            return None
        f = open(path, "rb")
        f.seek(start)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.end_headers()
        self.range_left = end - start + 1
        return f

    def copyfile(self, source, destination):
        left = getattr(self, "range_left", None)
        if left is None:
            return super().copyfile(source, destination)
        while left > 0:
            block = source.read(min(left, 64 * 1024))
            if not block:
                break
            destination.write(block)
            left -= len(block)

    def log_message(self, *args):
        pass


PAGE = """<!doctype html><meta charset="utf-8"><title>chunk seek</title><link rel="icon" href="data:,"><body><script>
const frameOf = image => {
  const c = document.createElement('canvas');
  c.width = image.videoWidth || image.naturalWidth; c.height = image.videoHeight || image.naturalHeight;
  const g = c.getContext('2d', {willReadFrequently: true}); g.drawImage(image, 0, 0);
  return g.getImageData(0, 0, c.width, c.height);
};
// PSNR of luma (BT.709 weights) over the reference's pixels (the encoder
// pads odd sizes to even ones): 4:2:0 video keeps a quarter of the chroma,
// which on these small frames alone costs most of an RGB PSNR.
const luma = (d, i) => 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
const psnr = (shown, ref) => {
  if (shown.width < ref.width || shown.height < ref.height || shown.width > ref.width + 1 || shown.height > ref.height + 1) return -1;
  let sum = 0;
  for (let y = 0; y < ref.height; y++) for (let x = 0; x < ref.width; x++) {
    const d = luma(shown.data, (y * shown.width + x) * 4) - luma(ref.data, (y * ref.width + x) * 4);
    sum += d * d;
  }
  return sum === 0 ? 99 : 10 * Math.log10(255 * 255 * ref.width * ref.height / sum);
};
const within = (promise, seconds, what) => Promise.race([promise,
  new Promise((_, reject) => setTimeout(() => reject(new Error('timed out: ' + what)), seconds * 1000))]);
const event = (target, name) => new Promise(resolve => target.addEventListener(name, resolve, {once: true}));
const images = {};
const image = url => images[url] ??= new Promise((resolve, reject) => {
  const img = new Image(); img.onload = () => resolve(frameOf(img)); img.onerror = () => reject(new Error('no ' + url)); img.src = url;
});
window.probe = {
  errors: [], videos: {}, shown: {},
  supports: type => document.createElement('video').canPlayType(type),
  async open(name, url) {
    const v = document.createElement('video');
    v.muted = true; v.preload = 'auto';
    v.addEventListener('error', () => this.errors.push(url + ': ' + (v.error && v.error.message)));
    document.body.append(v);
    v.src = url;
    await within(event(v, 'loadeddata'), 20, 'loadeddata of ' + url);
    this.videos[name] = v;
    return {duration: v.duration, width: v.videoWidth, height: v.videoHeight};
  },
  close() { for (const v of Object.values(this.videos)) { v.removeAttribute('src'); v.load(); v.remove(); } this.videos = {}; },
  async playThrough(name, rate) {
    const v = this.videos[name];
    v.playbackRate = rate;
    const ended = event(v, 'ended');
    await v.play();
    await within(ended, 25, 'ended');
    return {ended: v.ended, currentTime: v.currentTime, duration: v.duration};
  },
  // Seeks video `name` to `time`; keeps the shown frame and returns its
  // presentation time (requestVideoFrameCallback).
  async seek(name, time) {
    const v = this.videos[name];
    const presented = new Promise(resolve => v.requestVideoFrameCallback((now, meta) => resolve(meta.mediaTime)));
    const seeked = event(v, 'seeked');
    v.currentTime = time;
    await within(seeked, 10, 'seeked at ' + time);
    const mediaTime = await within(presented, 10, 'the frame presented at ' + time);
    this.shown[name] = frameOf(v);
    return mediaTime;
  },
  // The PSNR of two images: a video's shown frame by its name, or a PNG by its URL.
  async psnr(a, b) {
    const pixels = async x => this.shown[x] ?? await image(x);
    return psnr(await pixels(a), await pixels(b));
  },
};
</script>"""


def run(command):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def render(reel, scene, folder):
    """The split render (4 shards at once, joined) and the 1-process video and PNGs; the plan."""
    path = os.path.join(ROOT, "Scenes", scene + ".json")
    plan = json.loads(run([reel, "plan", path, "--shards", str(SHARDS), "--json"] + OPTIONS))[0]
    commands = [[reel, "render", path, "--shard", f"{k}/{SHARDS}", "-o", folder + "/parts/", "--jobs", "1"]
                for k in range(SHARDS)]
    commands.append([reel, "render", path, "-o", folder + "/one.mp4", "--png-dir", folder + "/frames/", "--jobs", "2"])
    running = [subprocess.Popen(c + ["--quiet"] + OPTIONS, stderr=subprocess.PIPE, text=True) for c in commands]
    for command, process in zip(commands, running):
        _, errors = process.communicate()
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} exited {process.returncode}: {errors.strip()}")
    run([reel, "concat", folder + "/parts/", "-o", folder + "/joined.mp4"])
    return plan


def seeks(plan):
    """(label, time, frame) for every seek: around each chunk boundary, then seeded random times."""
    fps, frames = plan["fps"], plan["frames"]
    wanted = []
    for chunk in plan["chunks"][1:]:
        b = chunk["first"]
        wanted += [(f"just before the boundary at frame {b}", (b - 0.25) / fps, b - 1),
                   (f"at the boundary at frame {b}", b / fps, b),
                   (f"just after the boundary at frame {b}", (b + 0.25) / fps, b)]
    rng = random.Random(15)
    for _ in range(RANDOM_SEEKS):
        f = rng.randrange(frames)
        wanted.append((f"a random time in frame {f}", (f + rng.uniform(0.1, 0.9)) / fps, f))
    return wanted


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reel", required=True)
    parser.add_argument("--browser", required=True)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="reel-chunk-seek-")
    check = Checks()
    server, browser = None, Browser()
    try:
        started = time.monotonic()
        plans = {}
        for scene in SCENES:
            plans[scene] = render(args.reel, scene, os.path.join(work, scene))
        print(f"rendered {len(SCENES)} scenes as {SHARDS} shards, joined, and as PNGs in "
              f"{time.monotonic() - started:.1f} s", flush=True)
        with open(os.path.join(work, "index.html"), "w") as f:
            f.write(PAGE)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(RangeHandler, directory=work))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"

        page = browser.open(args.browser, os.path.join(work, "profile"), base + "index.html", DEADLINE,
                            ["--autoplay-policy=no-user-gesture-required", "--mute-audio"])
        page.wait_for("window.probe !== undefined", 20, "the test page")
        support = page.evaluate("probe.supports('video/mp4; codecs=\"avc1.640014\"')")
        check("Chromium decodes H.264 (High profile) in MP4", support == "probably", repr(support))

        for scene in SCENES:
            plan = plans[scene]
            fps, frames = plan["fps"], plan["frames"]
            joined = page.evaluate(f"probe.open('joined', {json.dumps(scene + '/joined.mp4')})")
            one = page.evaluate(f"probe.open('one', {json.dumps(scene + '/one.mp4')})")
            check(f"{scene}: the joined video loads with the 1-process duration",
                  abs(joined["duration"] - frames / fps) < 1e-3 and joined == one, (joined, one, frames / fps))
            played = page.evaluate("probe.playThrough('joined', 4)")
            check(f"{scene}: plays through to its end", played["ended"] and
                  abs(played["currentTime"] - played["duration"]) < 1e-3, played)

            def png(f):
                return f"{scene}/frames/frame_{f:05d}.png"

            def psnr(a, b):
                return page.evaluate(f"probe.psnr({json.dumps(a)}, {json.dumps(b)})")

            lowest, closest, told_apart, not_told = 99.0, 99.0, 0, []
            for label, t, f in seeks(plan):
                shown = [round(page.evaluate(f"probe.seek({json.dumps(v)}, {t!r})") * fps) for v in ("joined", "one")]
                same, own = psnr("joined", "one"), psnr("joined", png(f))
                lowest, closest = min(lowest, own), min(closest, same)
                check(f"{scene}: seeking {label} ({t:.3f} s) shows frame {f}",
                      shown == [f, f] and same >= VIDEO_TOLERANCE and own >= PNG_TOLERANCE,
                      f"presented frames {shown} (joined, 1-process), {same:.1f} dB from the 1-process video's, "
                      f"{own:.1f} dB from the PNG")
                # A wrong frame fails: a neighbouring frame whose PNG differs
                # from this one's by more than the tolerance matches worse.
                for g in (f - 1, f + 1):
                    if 0 <= g < frames and psnr(png(f), png(g)) < PNG_TOLERANCE:
                        wrong = psnr("joined", png(g))
                        told_apart += wrong < own
                        if wrong >= own:
                            not_told.append(f"frame {f} shown, frame {g}'s PNG {wrong:.1f} dB, its own {own:.1f} dB")
                # Across the boundary, the 1-process video's frame before it
                # fails where it differs from the frame at it beyond the tolerance.
                if label.startswith("at the boundary") and psnr(png(f), png(f - 1)) < VIDEO_TOLERANCE:
                    page.evaluate(f"probe.seek('one', {(f - 0.5) / fps!r})")
                    wrong = psnr("joined", "one")
                    told_apart += 1
                    check(f"{scene}: … and the 1-process frame {f - 1} would fail ({wrong:.1f} dB)",
                          wrong < VIDEO_TOLERANCE, f"{wrong:.1f} dB")
            check(f"{scene}: a wrong frame fails ({told_apart} comparisons with a differing frame)",
                  told_apart > 0 and not not_told, not_told)
            print(f"{scene}: the lowest PSNR of a seeked frame against the 1-process video's: {closest:.1f} dB, "
                  f"against its PNG: {lowest:.1f} dB (99: identical)", flush=True)
            page.evaluate("probe.close()")
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
    return check.report("chunk seek browser test")


if __name__ == "__main__":
    sys.exit(main())
