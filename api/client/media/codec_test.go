package media

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// phoneFixture reads a file made by testdata/phones/make.sh.
func phoneFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "phones", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadVideoTrackFixtures(t *testing.T) {
	for _, tt := range []struct {
		file     string
		format   Format
		id, name string
		w, h     int
		rotation int
	}{
		{"h264.mp4", MP4, "avc1", "H.264", 64, 48, 0},
		{"h265.mp4", MP4, "hvc1", "H.265", 64, 48, 0},
		{"h265-hev1.mp4", MP4, "hev1", "H.265", 64, 48, 0},
		{"rotated.mov", MOV, "avc1", "H.264", 64, 48, 90},
		{"rotated-hevc.mov", MOV, "hvc1", "H.265", 64, 48, 270},
		{"vp9.mp4", MP4, "vp09", "VP9", 64, 48, 0},
		{"av1.mp4", MP4, "av01", "AV1", 64, 48, 0},
		{"mpeg4.mp4", MP4, "mp4v", "MPEG-4 Part 2", 64, 48, 0},
		{"vp9.webm", WebM, "V_VP9", "VP9", 64, 48, 0},
		{"vp8.webm", WebM, "V_VP8", "VP8", 64, 48, 0},
		{"av1.webm", WebM, "V_AV1", "AV1", 64, 48, 0},
		{"h264.webm", WebM, "V_MPEG4/ISO/AVC", "H.264", 64, 48, 0},
	} {
		data := phoneFixture(t, tt.file)
		tr, f, err := ReadVideoTrack(bytes.NewReader(data), int64(len(data)))
		if err != nil || f != tt.format {
			t.Errorf("%s: %v, format %s", tt.file, err, f)
			continue
		}
		want := VideoTrack{Codec: Codec{tt.id, tt.name}, Width: tt.w, Height: tt.h, Rotation: tt.rotation}
		if tr != want {
			t.Errorf("%s: %+v, want %+v", tt.file, tr, want)
		}
		if tr.Codec.Accepted() != (tt.name == "H.264" || tt.name == "H.265") {
			t.Errorf("%s: accepted %v", tt.file, tr.Codec.Accepted())
		}
	}
	if w, h := (VideoTrack{Width: 64, Height: 48, Rotation: 90}).Displayed(); w != 48 || h != 64 {
		t.Errorf("displayed %dx%d", w, h)
	}
}

func TestReadVideoTrackRefusals(t *testing.T) {
	audio := phoneFixture(t, "audio-only.mp4")
	if _, f, err := ReadVideoTrack(bytes.NewReader(audio), int64(len(audio))); f != MP4 || !errors.Is(err, ErrNoVideoTrack) {
		t.Errorf("audio only: %s %v", f, err)
	}
	heic := phoneFixture(t, "exif.heic")
	if _, f, err := ReadVideoTrack(bytes.NewReader(heic), int64(len(heic))); f != HEIC || !errors.Is(err, ErrNotVideo) {
		t.Errorf("heic: %s %v", f, err)
	}
	// Cut anywhere, a file never panics and never names a codec it did not read.
	for _, name := range []string{"h264.mp4", "vp9.webm", "rotated.mov"} {
		data := phoneFixture(t, name)
		for n := 0; n < len(data); n += 7 {
			tr, _, err := ReadVideoTrack(bytes.NewReader(data[:n]), int64(n))
			if err == nil && tr.Codec.ID == "" {
				t.Errorf("%s cut at %d: no codec and no error", name, n)
			}
		}
	}
}

func TestMatrixRotation(t *testing.T) {
	const one = 1 << 16
	for _, tt := range []struct {
		m    [9]int32
		want int
	}{
		{[9]int32{one, 0, 0, 0, one, 0, 0, 0, 1 << 30}, 0},
		{[9]int32{0, one, 0, -one, 0, 0, 0, 0, 1 << 30}, 90},
		{[9]int32{-one, 0, 0, 0, -one, 0, 0, 0, 1 << 30}, 180},
		{[9]int32{0, -one, 0, one, 0, 0, 0, 0, 1 << 30}, 270},
		{[9]int32{}, 0},
	} {
		if got := matrixRotation(tt.m); got != tt.want {
			t.Errorf("%v: %d, want %d", tt.m, got, tt.want)
		}
	}
}
