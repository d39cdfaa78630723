#!/usr/bin/env bash
# Regenerates the demo media of public/demo/media/ (committed; run only to change them). Needs ffmpeg
# (Debian: apt-get install ffmpeg). Both files are synthetic (ffmpeg's testsrc2 pattern and sine tones),
# so they carry no third-party content or licence. H.264 baseline + AAC in MP4 with the index up front
# (faststart): every browser plays it and can seek before it has downloaded.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/public/demo/media"
mkdir -p "$out"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=480x270:rate=12:duration=15" \
  -f lavfi -i "sine=frequency=440:beep_factor=4:duration=15:sample_rate=44100" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 36 -g 24 \
  -c:a aac -b:a 32k -ac 1 -movflags +faststart -shortest "$out/audition.mp4"
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "sine=frequency=523:beep_factor=2:duration=15:sample_rate=22050" \
  -c:a aac -b:a 32k -ac 1 -movflags +faststart "$out/audition.m4a"
ls -l "$out"
