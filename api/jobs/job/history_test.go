package job_test

import (
	"testing"
	"time"

	"github.com/listings-tui/listings/api/jobs/job"
)

func TestParseAge(t *testing.T) {
	for in, want := range map[string]time.Duration{"30d": 30 * 24 * time.Hour, "2w": 14 * 24 * time.Hour, "12h": 12 * time.Hour,
		"0": 0, " 1.5d ": 36 * time.Hour} {
		if got, err := job.ParseAge(in); err != nil || got != want {
			t.Errorf("ParseAge(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "soon", "-3d", "d", "40000d", "1000000h"} {
		if _, err := job.ParseAge(bad); err == nil {
			t.Errorf("ParseAge(%q) took it", bad)
		}
	}
	if job.AgeText(job.DefaultKeep) != "30d" || job.AgeText(90*time.Minute) != "1h30m0s" {
		t.Errorf("AgeText: %s %s", job.AgeText(job.DefaultKeep), job.AgeText(90*time.Minute))
	}
}
