package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUploadPhones sends every file of api/client/media/testdata/phones (made by heif-enc,
// ffmpeg and exiftool as phones' files are) through the upload endpoints, as the
// service's callers would, bypassing the client's checks: what the spec accepts is
// stored, the rest is refused with the documented status and code and a hint that
// says what the file is, why, and what to do, never a decoder's text.
func TestUploadPhones(t *testing.T) {
	e := newEnv(t, Options{})
	for _, c := range []struct {
		file, endpoint string
		status         int
		code, hint     string
	}{
		{"exif.heic", "photo", 201, "", ""},
		{"exif-large.heic", "photo", 201, "", ""},
		{"10bit.heic", "photo", 201, "", ""},
		{"422.heic", "photo", 201, "", ""},
		{"444.heic", "photo", 201, "", ""},
		{"lossless.heic", "photo", 201, "", ""},
		{"10bit-444.heic", "photo", 415, "unsupported_image_format",
			"this 160×120 HEIC (10-bit 4:4:4): the sandbox's HEIC decoder cannot convert 4:4:4 pictures of more than 8 bits; convert it to JPEG"},
		{"h264.mp4", "video", 201, "", ""},
		{"h265.mp4", "video", 201, "", ""},
		{"h265-hev1.mp4", "video", 201, "", ""},
		{"rotated.mov", "video", 201, "", ""},
		{"rotated-hevc.mov", "video", 201, "", ""},
		{"h264.webm", "video", 201, "", ""},
		{"vp9.webm", "video", 415, "unsupported_video_format", "VP9 video (V_VP9) in WEBM: the service accepts H.264 or H.265 only"},
		{"vp8.webm", "video", 415, "unsupported_video_format", "VP8 video (V_VP8)"},
		{"av1.webm", "video", 415, "unsupported_video_format", "AV1 video (V_AV1)"},
		{"vp9.mp4", "video", 415, "unsupported_video_format", "VP9 video (vp09) in MP4"},
		{"av1.mp4", "video", 415, "unsupported_video_format", "AV1 video (av01) in MP4"},
		{"mpeg4.mp4", "video", 415, "unsupported_video_format", "MPEG-4 Part 2 video (mp4v)"},
		{"audio-only.mp4", "video", 415, "unsupported_video_format", "it holds no video track"},
	} {
		data, err := os.ReadFile(filepath.Join("..", "..", "client", "media", "testdata", "phones", c.file))
		if err != nil {
			t.Fatal(err)
		}
		r := e.upload("/api/v1/upload/"+c.endpoint, "file", data)
		if c.status == 201 {
			wantOK(t, r, 201)
			continue
		}
		wantErr(t, r, c.status, c.code)
		hint := r.str("hint")
		if !strings.Contains(hint, c.hint) || strings.Contains(hint, "wasm") || strings.Contains(hint, "heic:") {
			t.Errorf("%s: hint %q, want it to say %q", c.file, hint, c.hint)
		}
	}
}
