#!/bin/sh
# Regenerates the bundled scenes' image assets from their source scenes:
# Scenes/assets/sources/NAME.json → Scenes/assets/NAME.png (frame at t = 0).
# The assets are committed; run this after changing a source scene.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product reel
for source in Scenes/assets/sources/*.json; do
  name=$(basename "$source" .json)
  .build/release/reel still "$source" --time 0 -o "Scenes/assets/$name.png"
  echo "Scenes/assets/$name.png"
done
