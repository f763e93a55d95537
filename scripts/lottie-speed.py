#!/usr/bin/env python3
"""Drawing speed of Lottie files, Reel beside ThorVG, in one run.

    scripts/lottie-speed.py --reel .build/release/reel --corpus DIR [--width 1080] [--only TEXT ...]

For every Lottie file (*.json) under DIR, taken in turn: Reel draws every
frame once at WIDTH pixels wide on one thread (`reel bench FILE --all-frames
--scale S`: evaluation, display list and rasterization, reuse across frames
as in a render, no file written), then ThorVG (pip install thorvg-python)
draws the same frames, the file loaded and its canvas made once, then
`set_frame`, `update`, `draw`, `sync` for each frame. Each gets total time ÷
frames. Prints a line per file and the medians over the files, their ratio,
the median of the per-file ratios and on how many files Reel is the slower.
--jsonl FILE also writes the rows as JSON lines.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--reel', required=True)
    ap.add_argument('--corpus', required=True)
    ap.add_argument('--width', type=int, default=1080)
    ap.add_argument('--only', nargs='*', default=[])
    ap.add_argument('--jsonl')
    args = ap.parse_args()
    try:
        import thorvg_python as tvg
    except ImportError:
        sys.exit('lottie-speed: ThorVG is needed beside Reel: pip install thorvg-python')
    engine = tvg.Engine(threads=0)
    rows = []
    out = open(args.jsonl, 'w') if args.jsonl else None
    for path in sorted(glob.glob(os.path.join(args.corpus, '**', '*.json'), recursive=True)):
        name = os.path.relpath(path, args.corpus)[:-5].replace(os.sep, '-')
        if args.only and not any(o in name for o in args.only):
            continue
        try:
            animation = json.load(open(path))
            scale = args.width / float(animation['w'])
            height = int(round(animation['h'] * scale))
            frames = max(1, int(float(animation['op']) - float(animation.get('ip', 0))))
        except (ValueError, KeyError, TypeError, ZeroDivisionError):
            continue
        bench = subprocess.run([args.reel, 'bench', path, '--all-frames', '--scale', '%.6f' % scale],
                               capture_output=True, text=True)
        if bench.returncode != 0:
            print('%s: reel: %s' % (name, (bench.stderr.strip().splitlines() or ['?'])[-1]), file=sys.stderr)
            continue
        ms = json.loads(bench.stdout.strip().splitlines()[-1])['ms']
        player = tvg.LottieAnimation(engine)
        picture = player.get_picture()
        if picture.load(path) != tvg.Result.SUCCESS:
            print('%s: thorvg cannot load it' % name, file=sys.stderr)
            continue
        picture.set_size(args.width, height)
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(args.width, height, cs=tvg.Colorspace.ABGR8888)
        canvas.add(picture)
        _, total = player.get_total_frame()
        start = time.perf_counter()
        for f in range(frames):
            player.set_frame(max(0.0, min(f, total - 1)))
            canvas.update()
            canvas.draw(True)
            canvas.sync()
        thorvg = (time.perf_counter() - start) * 1e3 / frames
        row = {'sample': name, 'frames': frames, 'reel_ms': sum(ms) / len(ms), 'reel_median_frame_ms': statistics.median(ms),
               'thorvg_ms': thorvg}
        rows.append(row)
        if out:
            out.write(json.dumps(row) + '\n')
        print('%-50s %4d frames  reel %7.2f  thorvg %7.2f ms a frame' % (name, frames, row['reel_ms'], thorvg), flush=True)
    if not rows:
        sys.exit('lottie-speed: no Lottie file drawn under %s' % args.corpus)
    reel = statistics.median(r['reel_ms'] for r in rows)
    thorvg = statistics.median(r['thorvg_ms'] for r in rows)
    print('%d files at %d px: reel median %.3f ms a frame, thorvg %.3f, reel/thorvg %.3f; median of the ratios %.3f; '
          'reel the slower on %d' % (len(rows), args.width, reel, thorvg, reel / thorvg,
                                      statistics.median(r['reel_ms'] / r['thorvg_ms'] for r in rows),
                                      sum(r['reel_ms'] > r['thorvg_ms'] for r in rows)))


if __name__ == '__main__':
    main()
