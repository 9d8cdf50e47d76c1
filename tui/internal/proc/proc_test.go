package proc

import (
	"os"
	"testing"
)

// The sandbox's jobs directory is made once, at the first job, whoever asks, and is
// gone after StopAll; a real service's is the CLI's and is never made or removed.
func TestTheSandboxJobsDirLivesWithTheProcess(t *testing.T) {
	var s Shared
	if got := s.JobsDir("/data/jobs", false)(); got != "/data/jobs" {
		t.Errorf("the CLI's directory: %q", got)
	}
	panel, importer := s.JobsDir("/data/jobs", true), s.JobsDir("", true)
	d := panel()
	if d == "" || importer() != d {
		t.Fatalf("two directories for one sandbox: %q, %q", d, importer())
	}
	if _, err := os.Stat(d); err != nil {
		t.Fatal(err)
	}
	stopped := false
	s.AddStop(func() { stopped = true })
	s.AddStop(nil)
	s.StopAll()
	if _, err := os.Stat(d); !os.IsNotExist(err) || !stopped {
		t.Errorf("after StopAll: %v, stopped %v", err, stopped)
	}
}
