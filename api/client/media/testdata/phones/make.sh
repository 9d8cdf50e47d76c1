#!/bin/sh
# Makes the phone-like fixtures of this folder with the tools phones' files are checked
# against: ffmpeg (5.1), libheif's heif-enc (1.15) and exiftool (12.5), on Debian 12:
#   apt-get install -y ffmpeg libheif-examples libimage-exiftool-perl
# Run it from this folder; the tests read the files it leaves and need none of the tools.
# Every picture is tiny (a 1 s clip at 64x48 or 128x96, a still at 320x240 or less)
# so the folder stays small; README.md says what each file is.
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ff="ffmpeg -v error -y -nostdin"
clip="-f lavfi -i testsrc=size=64x48:rate=10 -t 1"

# --- HEIC, as an iPhone writes it: the Exif of a JPEG that has a camera, a date and a
# position, kept by heif-enc; a thumbnail item as iPhones add.
$ff -f lavfi -i testsrc=size=320x240 -frames:v 1 -q:v 4 "$tmp/exif.jpg"
exiftool -q -overwrite_original -Make=Apple -Model="iPhone 15 Pro" \
	-DateTimeOriginal="2025:06:01 12:00:00" -SerialNumber=F2LXK0ABCDEF \
	-GPSLatitude=50.45 -GPSLatitudeRef=N -GPSLongitude=30.52 -GPSLongitudeRef=E "$tmp/exif.jpg"
heif-enc -q 40 -t 64 -o exif.heic "$tmp/exif.jpg"

# The same, with the Exif past the first 32 KiB of the file (in the mdat after the
# picture), as in any real photo: noise makes the picture about 100 KB.
$ff -f lavfi -i "testsrc2=size=320x240,noise=alls=60:allf=t" -frames:v 1 -q:v 2 "$tmp/noisy.jpg"
exiftool -q -overwrite_original -Make=Apple -Model="iPhone 15 Pro" \
	-GPSLatitude=50.45 -GPSLatitudeRef=N -GPSLongitude=30.52 -GPSLongitudeRef=E "$tmp/noisy.jpg"
heif-enc -q 90 -o exif-large.heic "$tmp/noisy.jpg"

# 10-bit (from a 16-bit PNG), 4:2:2, 4:4:4, lossless (RGB 4:4:4) and 10-bit 4:4:4.
$ff -f lavfi -i testsrc=size=160x120 -frames:v 1 "$tmp/still.png"
$ff -f lavfi -i testsrc=size=160x120 -frames:v 1 -pix_fmt rgb48be "$tmp/still16.png"
heif-enc -q 40 -b 10 -o 10bit.heic "$tmp/still16.png"
heif-enc -q 40 -p chroma=422 -o 422.heic "$tmp/still.png"
heif-enc -q 40 -p chroma=444 -o 444.heic "$tmp/still.png"
heif-enc -L -p chroma=444 --matrix_coefficients=0 -o lossless.heic "$tmp/still.png"
heif-enc -q 40 -b 10 -p chroma=444 -o 10bit-444.heic "$tmp/still16.png"

# --- Videos of one second.
$ff $clip -c:v libx264 -pix_fmt yuv420p -crf 40 h264.mp4
$ff $clip -c:v libx265 -tag:v hvc1 -crf 40 -x265-params log-level=error h265.mp4
$ff $clip -c:v libx265 -crf 40 -x265-params log-level=error h265-hev1.mp4
# A phone held upright: the pixels are stored landscape and the track header's matrix
# turns them a quarter, as an iPhone writes it. ffmpeg 5.1 drops -metadata:s:v
# rotate=90 (and has no -display_rotation yet), so exiftool writes the matrix.
$ff $clip -c:v libx264 -pix_fmt yuv420p -crf 40 -f mov rotated.mov
exiftool -q -overwrite_original -Rotation=90 rotated.mov
$ff $clip -c:v libx265 -tag:v hvc1 -crf 40 -x265-params log-level=error -f mov rotated-hevc.mov
exiftool -q -overwrite_original -Rotation=270 rotated-hevc.mov
$ff $clip -c:v libvpx-vp9 -b:v 20k vp9.webm
$ff $clip -c:v libvpx -b:v 20k vp8.webm
$ff $clip -c:v libaom-av1 -crf 50 -cpu-used 8 av1.webm
$ff $clip -c:v libvpx-vp9 -b:v 20k vp9.mp4
$ff $clip -c:v libaom-av1 -crf 50 -cpu-used 8 av1.mp4
$ff $clip -c:v mpeg4 -q:v 20 mpeg4.mp4
# H.264 in WebM: ffmpeg's webm muxer refuses H.264, so it is written as Matroska and
# its DocType "matroska" is turned into "webm" padded with zero bytes (EBML strings may
# be), which keeps every size and offset as it was.
$ff $clip -c:v libx264 -pix_fmt yuv420p -crf 40 -f matroska "$tmp/h264.mkv"
perl -0777 -pe 's/\x42\x82\x88matroska/\x42\x82\x88webm\x00\x00\x00\x00/' "$tmp/h264.mkv" > h264.webm
# A sound-only MP4: no video track at all.
$ff -f lavfi -i sine=frequency=440:duration=1 -c:a aac -b:a 32k audio-only.mp4

# ../../../../testdata/clip5s.webm, the WebM the client's and the app's tests upload: five
# seconds of H.264 in WebM made as h264.webm is (it was VP9, which the spec refuses).
$ff -f lavfi -i testsrc=size=32x32:rate=1 -t 5 -c:v libx264 -pix_fmt yuv420p -crf 40 -g 5 -f matroska "$tmp/clip5s.mkv"
perl -0777 -pe 's/\x42\x82\x88matroska/\x42\x82\x88webm\x00\x00\x00\x00/' "$tmp/clip5s.mkv" > ../../../../testdata/clip5s.webm
