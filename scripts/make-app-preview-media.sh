#!/bin/sh
# Makes the media of the app-preview example (Scenes/app-preview/media/) with
# ffmpeg's own generators, so the example holds nothing made elsewhere:
#   screen-a.mp4  a Mandelbrot zoom standing in for a screen recording
#   screen-b.mp4  Conway's game of life, the other row's recording
#   music.m4a     six seconds of a soft A major chord, the music bed
# Both clips are 240×520 (a phone screen's shape), 30 fps, 5 s, H.264 tagged
# BT.709. The files are committed (≈ 0.6 MB); run this to make them again
# (the bytes may differ between FFmpeg versions, the pictures will not).
set -eu
out="$(dirname "$0")/../Scenes/app-preview/media"
mkdir -p "$out"
video="-c:v libx264 -preset slow -crf 33 -pix_fmt yuv420p -colorspace bt709 -color_primaries bt709 -color_trc bt709"
video="$video -movflags +faststart -fflags +bitexact -flags:v +bitexact -map_metadata -1"
ffmpeg -v error -y -f lavfi -i "mandelbrot=s=240x520:rate=30:end_scale=0.02:inner=convergence,trim=duration=5" \
  $video "$out/screen-a.mp4"
ffmpeg -v error -y -f lavfi \
  -i "life=s=120x260:mold=10:rate=30:ratio=0.1:death_color=#1E3A8A:life_color=#FDE047,scale=240:520:flags=neighbor,trim=duration=5" \
  $video "$out/screen-b.mp4"
chord="0.18*sin(2*PI*220*t)*(0.7+0.3*sin(2*PI*2*t))+0.12*sin(2*PI*277.18*t)+0.1*sin(2*PI*329.63*t)"
ffmpeg -v error -y -f lavfi -i "aevalsrc='$chord|$chord':s=48000:d=6" \
  -c:a aac -b:a 96k -fflags +bitexact -flags:a +bitexact -map_metadata -1 "$out/music.m4a"
