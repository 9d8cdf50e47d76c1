package api_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// phone is a file of api/client/media/testdata/phones (make.sh there made them with ffmpeg,
// heif-enc and exiftool).
func phone(name string) string { return filepath.Join("client", "media", "testdata", "phones", name) }

// TestCheckVideoCodec: the client reads the codec of every video and refuses, before
// any request, what the spec does not accept (H.264 or H.265 only), naming it and
// saying how to convert it; what it accepts reaches the sandbox and is stored.
func TestCheckVideoCodec(t *testing.T) {
	c, _ := sandboxClient(t, sandbox.KeyPersonal)
	ctx := context.Background()
	for _, tt := range []struct{ file, codec string }{
		{"h264.mp4", "H.264"}, {"h265.mp4", "H.265"}, {"h265-hev1.mp4", "H.265"},
		{"rotated.mov", "H.264"}, {"rotated-hevc.mov", "H.265"}, {"h264.webm", "H.264"},
	} {
		chk, err := api.CheckVideo(phone(tt.file))
		if err != nil || chk.Track.Codec.Name != tt.codec {
			t.Errorf("%s: %+v %v", tt.file, chk, err)
			continue
		}
		if res, err := c.UploadVideo(ctx, phone(tt.file), nil); err != nil || res.URL == "" {
			t.Errorf("%s: upload %+v %v", tt.file, res, err)
		}
	}
	if chk, _ := api.CheckVideo(phone("rotated.mov")); chk.Track.Rotation != 90 {
		t.Errorf("rotated.mov: rotation %d", chk.Track.Rotation)
	}
	for file, says := range map[string]string{
		"vp9.webm":       "vp9.webm: VP9 video (V_VP9): the service accepts H.264 or H.265 only; convert it first, e.g. ffmpeg -i vp9.webm -c:v libx264 -c:a aac vp9.mp4",
		"vp8.webm":       "vp8.webm: VP8 video (V_VP8): the service accepts H.264 or H.265 only",
		"av1.webm":       "av1.webm: AV1 video (V_AV1)",
		"vp9.mp4":        "vp9.mp4: VP9 video (vp09): the service accepts H.264 or H.265 only; convert it first, e.g. ffmpeg -i vp9.mp4 -c:v libx264 -c:a aac vp9-h264.mp4",
		"av1.mp4":        "av1.mp4: AV1 video (av01)",
		"mpeg4.mp4":      "mpeg4.mp4: MPEG-4 Part 2 video (mp4v)",
		"audio-only.mp4": "audio-only.mp4: holds no video track (sound only?)",
	} {
		_, err := api.CheckVideo(phone(file))
		if !api.IsFileRule(err, api.RuleCodec) || !strings.HasPrefix(err.Error(), says) {
			t.Errorf("%s: %v, want a codec refusal starting %q", file, err, says)
		}
	}
	// Refused locally: the upload never asks the service.
	_, url, count := uploadServer(t, `{"ok":true}`)
	if _, err := newClient(t, url, newClock()).UploadVideo(ctx, phone("vp9.webm"), nil); !api.IsFileRule(err, api.RuleCodec) || count() != 0 {
		t.Errorf("vp9 upload: %v, %d requests", err, count())
	}
}

// TestUploadPhoneHEIC: iPhone-like HEICs (Exif, thumbnail, 10-bit, 4:4:4) pass the
// client's check and convert on the sandbox.
func TestUploadPhoneHEIC(t *testing.T) {
	testrace.Heavy(t)
	c, _ := sandboxClient(t, sandbox.KeyPersonal)
	for _, f := range []string{"exif.heic", "exif-large.heic", "10bit.heic", "444.heic", "lossless.heic"} {
		if _, err := api.CheckPhoto(phone(f)); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if res, err := c.UploadPhoto(context.Background(), phone(f), nil); err != nil || res.Width == 0 {
			t.Errorf("%s: %+v %v", f, res, err)
		}
	}
}
