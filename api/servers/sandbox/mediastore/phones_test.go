package mediastore

import (
	"bytes"
	"errors"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/internal/testrace"
)

// The fixtures of api/client/media/testdata/phones were made by heif-enc and ffmpeg as
// phones' files are (make.sh there); every one goes through the sandbox here.

// TestPutPhotoPhones: a HEIC with Exif decodes, also when its Exif lies past the first
// 32 KiB (before, gen2brain/heic's DecodeConfig, given only those, failed "heic:
// decode failed" on it), as do 10-bit, 4:2:2, 4:4:4 and lossless ones.
func TestPutPhotoPhones(t *testing.T) {
	testrace.Heavy(t)
	s := mustNew(t, "")
	for _, c := range []struct {
		file string
		w, h int
	}{
		{"exif.heic", 320, 240},
		{"exif-large.heic", 320, 240},
		{"10bit.heic", 160, 120},
		{"422.heic", 160, 120},
		{"444.heic", 160, 120},
		{"lossless.heic", 160, 120},
	} {
		p, err := s.PutPhoto(bytes.NewReader(fixture(t, "phones/"+c.file)))
		if err != nil || p.Width != c.w || p.Height != c.h {
			t.Errorf("%s: %+v %v, want %dx%d", c.file, p, err, c.w, c.h)
		}
	}
}

// TestPutPhotoRefusedSentence: what the decoder cannot convert is refused before it
// runs, with a sentence; no decoder text, no stack trace.
func TestPutPhotoRefusedSentence(t *testing.T) {
	s := mustNew(t, "")
	_, err := s.PutPhoto(bytes.NewReader(fixture(t, "phones/10bit-444.heic")))
	var r *Refusal
	if !errors.As(err, &r) || !errors.Is(err, ErrUnsupportedImage) {
		t.Fatalf("err = %v, want a Refusal", err)
	}
	msg := err.Error()
	for _, want := range []string{"this 160×120 HEIC (10-bit 4:4:4)", "cannot convert 4:4:4 pictures of more than 8 bits", "convert it to JPEG"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	for _, not := range []string{"wasm", "heic:", "stack", "decode failed", "\n"} {
		if strings.Contains(msg, not) {
			t.Errorf("%q says %q", msg, not)
		}
	}
}

func TestPutVideoPhones(t *testing.T) {
	s := mustNew(t, "")
	for _, c := range []struct {
		file, codec    string
		posterW, portr int
	}{
		{"h264.mp4", "H.264", posterW, 0},
		{"h265.mp4", "H.265", posterW, 0},
		{"h265-hev1.mp4", "H.265", posterW, 0},
		{"h264.webm", "H.264", posterW, 0},
		// Held upright: stored 64×48 and turned; the poster is portrait.
		{"rotated.mov", "H.264", posterH, 90},
		{"rotated-hevc.mov", "H.265", posterH, 270},
	} {
		file := fixture(t, "phones/"+c.file)
		v, err := s.PutVideo(bytes.NewReader(file))
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if v.Duration != time.Second || v.Track.Codec.Name != c.codec || v.Track.Rotation != c.portr {
			t.Errorf("%s: %+v", c.file, v)
		}
		body, _ := get(t, s, v.Name, nil)
		if !bytes.Equal(body, file) {
			t.Errorf("%s: not kept byte for byte, so its rotation would be lost", c.file)
		}
		poster, _ := get(t, s, v.Thumbnail, nil)
		if cfg, err := png.DecodeConfig(bytes.NewReader(poster)); err != nil || cfg.Width != c.posterW {
			t.Errorf("%s poster: %v %+v", c.file, err, cfg)
		}
	}
}

func TestPutVideoCodecRefused(t *testing.T) {
	s := mustNew(t, "")
	for file, says := range map[string]string{
		"phones/vp9.webm":       "VP9 video (V_VP9) in WEBM: the service accepts H.264 or H.265 only; convert it first, e.g. ffmpeg -i video.webm -c:v libx264 -c:a aac video.mp4",
		"phones/vp8.webm":       "VP8 video (V_VP8) in WEBM",
		"phones/av1.webm":       "AV1 video (V_AV1) in WEBM",
		"phones/vp9.mp4":        "VP9 video (vp09) in MP4: the service accepts H.264 or H.265 only; convert it first, e.g. ffmpeg -i video.mp4 -c:v libx264 -c:a aac video-h264.mp4",
		"phones/av1.mp4":        "AV1 video (av01) in MP4",
		"phones/mpeg4.mp4":      "MPEG-4 Part 2 video (mp4v) in MP4",
		"phones/audio-only.mp4": "this MP4: it holds no video track (sound only?)",
		"clip5s.webm":           "VP9 video",
		"live5s.webm":           "VP9 video",
	} {
		_, err := s.PutVideo(bytes.NewReader(fixture(t, file)))
		var r *Refusal
		if !errors.As(err, &r) || !errors.Is(err, ErrUnsupportedVideo) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: err = %v, want a Refusal saying %q", file, err, says)
		}
	}
}
