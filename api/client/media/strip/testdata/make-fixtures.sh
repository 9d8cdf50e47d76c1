#!/bin/sh
# Makes the photos with metadata that the strip tests clean, the way a phone's files
# carry it: a GPS position, the camera's serial number, the owner's name, XMP, IPTC,
# a comment and an orientation of 6 (turned 90° clockwise to be upright). Run once;
# the outputs are committed, so the tests need none of these tools.
#   apt-get install -y ffmpeg libimage-exiftool-perl libheif-examples
set -eu
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A 64×48 picture with detail in it, so that a re-encode would show.
ffmpeg -v error -f lavfi -i testsrc2=size=64x48:rate=1 -frames:v 1 -q:v 3 -y "$tmp/base.jpg"
ffmpeg -v error -f lavfi -i testsrc2=size=64x48:rate=1 -frames:v 1 -y "$tmp/base.png"
ffmpeg -v error -f lavfi -i testsrc2=size=64x48:rate=1 -frames:v 1 -c:v libwebp -y "$tmp/base.webp"

tags='-GPSLatitude=50.4501 -GPSLatitudeRef=N -GPSLongitude=30.5234 -GPSLongitudeRef=E
 -GPSAltitude=179 -Make=Canon -Model=EOS-R6 -SerialNumber=SN-0451-7734
 -OwnerName=Taras-Shevchenko -Artist=Taras-Shevchenko -Orientation#=6
 -XMP:Creator=Taras-Shevchenko -XMP:Location=Khreshchatyk'
# shellcheck disable=SC2086
exiftool -q -o gps.jpg $tags -IPTC:By-line=Taras-Shevchenko -Comment=taken-at-home "$tmp/base.jpg"
# shellcheck disable=SC2086
exiftool -q -o gps.png $tags -PNG:Comment=taken-at-home "$tmp/base.png"
# This exiftool (12.57) cannot write WebP: the test wraps plain.webp and gps.jpg's
# Exif block in an extended WebP itself.
cp "$tmp/base.webp" plain.webp
# heif-enc keeps the JPEG's Exif (and XMP) as items, as an iPhone writes them.
heif-enc -q 50 -o gps.heic gps.jpg
exiftool -s -GPSPosition -SerialNumber -OwnerName -Orientation gps.jpg gps.png gps.heic
