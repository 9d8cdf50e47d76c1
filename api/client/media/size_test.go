package media

import "testing"

func TestFileSize(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 1: "1 byte", 999: "999 bytes", 1000: "1 kB", 1500: "1.5 kB", 999_949: "999.9 kB",
		1_000_000: "1 MB", 4_200_000: "4.2 MB", MaxPhotoBytes: "12 MB", 12_049_999: "12 MB",
		12_582_912: "12.6 MB", MaxVideoBytes: "50 MB", 52_428_800: "52.4 MB", 55_198_985: "55.2 MB",
		1_500_000_000: "1.5 GB",
	} {
		if got := FileSize(n); got != want {
			t.Errorf("FileSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// The wording at and around the limits: the exact bytes as long as a file is within
// a quarter above the limit, where a rounded figure reads like the limit itself.
func TestOverLimit(t *testing.T) {
	for _, tt := range []struct {
		size, limit int64
		want        string
	}{
		{55_198_985, MaxVideoBytes, "55 198 985 bytes (55.2 MB) is over the 50 MB limit"},
		{MaxVideoBytes + 1, MaxVideoBytes, "50 000 001 bytes (50 MB) is over the 50 MB limit"},
		{MaxPhotoBytes + 1, MaxPhotoBytes, "12 000 001 bytes (12 MB) is over the 12 MB limit"},
		{12_582_912, MaxPhotoBytes, "12 582 912 bytes (12.6 MB) is over the 12 MB limit"},
		{15_000_000, MaxPhotoBytes, "15 000 000 bytes (15 MB) is over the 12 MB limit"},
		{15_000_001, MaxPhotoBytes, "15 MB is over the 12 MB limit"},
		{71_300_000, MaxVideoBytes, "71.3 MB is over the 50 MB limit"},
	} {
		if got := OverLimit(tt.size, tt.limit); got != tt.want {
			t.Errorf("OverLimit(%d, %d) = %q, want %q", tt.size, tt.limit, got, tt.want)
		}
	}
}

func TestExactBytes(t *testing.T) {
	for n, want := range map[int64]string{1: "1 byte", 999: "999 bytes", 1000: "1 000 bytes", 55_198_985: "55 198 985 bytes"} {
		if got := ExactBytes(n); got != want {
			t.Errorf("ExactBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
