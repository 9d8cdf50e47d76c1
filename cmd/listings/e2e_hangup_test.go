package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestE2EHangupEndsTheAppCleanly closes the app's terminal (SIGHUP, what closing a
// terminal window or losing an SSH connection sends) after a sandbox job: the app
// ends as on Ctrl+C, so its temporary jobs directory is removed and the terminal
// given back, instead of the process dying where it stood.
func TestE2EHangupEndsTheAppCleanly(t *testing.T) {
	tmp := t.TempDir()
	s := launchTUI(t, 100, 30, []string{"--sandbox", "--lang", "en"}, "TMPDIR="+tmp)
	s.waitFor("[active 28]", "? help") // the rows, not the tab alone
	s.send("Space", "Space")
	s.waitFor("◆ 2 marked")
	s.send("x")
	s.waitFor("Deactivate 2 listings?", "y/enter start the job")
	s.send("y")
	s.waitFor("2 done", "0 left")
	jobs, _ := filepath.Glob(filepath.Join(tmp, "listings-sandbox-jobs-*"))
	if len(jobs) != 1 {
		t.Fatalf("the sandbox's jobs directory: %v", jobs)
	}
	if err := syscall.Kill(s.appPID(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	s.waitFor(exitMarker)
	if _, err := os.Stat(jobs[0]); !os.IsNotExist(err) {
		t.Errorf("the sandbox's jobs directory is left after a hangup: %v", err)
	}
	s.checkRestored()
}
