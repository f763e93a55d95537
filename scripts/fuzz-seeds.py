#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into OUT/<target>/ from the
repository itself, so they follow the scenes and tests as those change:

  json, scene   Scenes/**/*.json, every scene string in Tests/
                (the malformed-scene table among them)
  lottie        the Lottie files under Tests/ and the Lottie strings of the
                Lottie tests
  expression    every "expr" of those scenes
  svg-path      every "d" of those scenes, and the SVG path test strings
  png           every PNG under Scenes/ and Tests/ (small ones)
  image         those PNGs and Fuzz/seeds/image (JPEG, WebP, HEIF, AVIF with
                EXIF and ICC; scripts/make-image-seeds.py writes them)
  font          Fuzz/seeds/font (subsets of DejaVu Sans and Inter)
  batch-data    every .csv, .jsonl and row-array .json under Scenes/, and the
                batch tests' data strings, each behind a byte naming its format
"""
import json
import pathlib
import re
import shutil
import sys

root = pathlib.Path(__file__).resolve().parent.parent
out = pathlib.Path(sys.argv[1])
seeds = {t: [] for t in ["json", "scene", "lottie", "expression", "svg-path", "png", "image", "font", "batch-data"]}


def swift_strings(path):
    """The contents of Swift raw string literals (#"…"# and ##"…"##)."""
    text = path.read_text(encoding="utf-8")
    for hashes in ("##", "#"):
        for m in re.finditer(hashes + '"(.*?)"' + hashes, text):
            yield m.group(1)


def walk(value):
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "expr" and isinstance(v, str):
                seeds["expression"].append(v.encode())
            if k == "d" and isinstance(v, str):
                seeds["svg-path"].append(v.encode())
            walk(v)
    elif isinstance(value, list):
        for v in value:
            walk(v)


scene_texts = [p.read_text(encoding="utf-8") for p in sorted(root.glob("Scenes/**/*.json"))]
for swift in sorted(root.glob("Tests/*/*.swift")):
    scene_texts += [s for s in swift_strings(swift) if '"canvas"' in s]
for text in scene_texts:
    seeds["json"].append(text.encode())
    seeds["scene"].append(text.encode())
    try:
        walk(json.loads(text))
    except ValueError:
        pass
for lottie in sorted(root.glob("Tests/*/Lottie/*.json")):
    seeds["lottie"].append(lottie.read_bytes())
lottie_tests = root / "Tests/PipelineTests/LottieTests.swift"
if lottie_tests.exists():
    seeds["lottie"] += [s.encode() for s in swift_strings(lottie_tests) if '"ty"' in s or '"fr"' in s]
svg_tests = (root / "Tests/GeometryTests/SVGPathParserTests.swift").read_text(encoding="utf-8")
for m in re.finditer(r'"([MmLlZz0-9 ,.\-][^"\n]*)"', svg_tests):
    seeds["svg-path"].append(m.group(1).encode())
for png in sorted(list(root.glob("Scenes/**/*.png")) + list(root.glob("Tests/**/*.png"))):
    if png.stat().st_size <= 64 * 1024:
        seeds["png"].append(png.read_bytes())
seeds["image"] = seeds["png"] + [f.read_bytes() for f in sorted((root / "Fuzz/seeds/image").iterdir()) if f.suffix != ".md"]
for font in sorted((root / "Fuzz/seeds/font").glob("*.[ot]tf")):
    seeds["font"].append(font.read_bytes())

# The batch target reads its first byte as the format: 0 CSV, 1 JSON Lines, 2 JSON.
for data in sorted(root.glob("Scenes/**/*.csv")):
    seeds["batch-data"].append(b"\x00" + data.read_bytes())
for test in ["Tests/PipelineTests/BatchDataTests.swift", "Tests/ReelCommandTests/TemplateCommandTests.swift"]:
    path = root / test
    if path.exists():
        for m in re.finditer(r'"((?:id|[a-z]+),[^"\n]*\\n[^"]*)"', path.read_text()):
            text = m.group(1).replace("\\n", "\n").replace('\\"', '"')
            seeds["batch-data"].append(b"\x00" + text.encode())
seeds["batch-data"] += [b"\x01" + b'{"id": "a", "n": 1}\n{"id": "b", "n": 2}\n',
                        b"\x02" + b'[{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]']

for target, items in seeds.items():
    folder = out / target
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for i, data in enumerate(dict.fromkeys(items)):
        (folder / f"seed-{i:04d}").write_bytes(data)
    print(f"seeds: {target} {len(set(items))}")
