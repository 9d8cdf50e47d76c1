package api_test

import (
	"os"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
)

// The limits are the spec's "12 MB" and "50 MB" read as 10^6 bytes: a file of exactly
// the limit passes, a byte more is refused with its exact size, and the file
// of 55 198 985 bytes reads as 55.2 MB, as a file manager shows it.
func TestSizeLimitsAndTheirWording(t *testing.T) {
	heic, _ := os.ReadFile("testdata/photo.heic")
	mp4, _ := os.ReadFile("testdata/clip5s.mp4")

	if _, err := api.CheckPhoto(sparse(t, "at.heic", heic, media.MaxPhotoBytes)); api.IsFileRule(err, api.RuleSize) {
		t.Errorf("a photo of exactly 12 000 000 bytes: %v", err)
	}
	_, err := api.CheckPhoto(sparse(t, "over.heic", heic, media.MaxPhotoBytes+1))
	if want := "over.heic: 12 000 001 bytes (12 MB) is over the 12 MB limit, and a HEIC photo cannot be shrunk here; export it as JPEG or at a smaller size"; err == nil || err.Error() != want {
		t.Errorf("one byte over:\n got %v\nwant %s", err, want)
	}

	if _, err := api.CheckVideo(sparse(t, "at.mp4", mp4, media.MaxVideoBytes)); api.IsFileRule(err, api.RuleSize) {
		t.Errorf("a video of exactly 50 000 000 bytes: %v", err)
	}
	for size, want := range map[int64]string{
		media.MaxVideoBytes + 1: "v.mp4: 50 000 001 bytes (50 MB) is over the 50 MB limit for a video",
		55_198_985:              "v.mp4: 55 198 985 bytes (55.2 MB) is over the 50 MB limit for a video",
		71_300_000:              "v.mp4: 71.3 MB is over the 50 MB limit for a video",
	} {
		_, err := api.CheckVideo(sparse(t, "v.mp4", mp4, size))
		if !api.IsFileRule(err, api.RuleSize) || err.Error() != want {
			t.Errorf("%d bytes:\n got %v\nwant %s", size, err, want)
		}
	}
}
