package system

import (
	"os"
	"os/exec"
	"time"
)

// launch is the real Launcher. The command gets no terminal: its input and output are
// the null device (what it prints would land over the UI, and a text browser started
// by a launcher would read the keys), and detach takes it out of the terminal's
// session, so it cannot open /dev/tty either. A browser still running at the end of
// the wait is left running: it is the user's now.
func launch(argv, env []string, wait time.Duration) Launch {
	cmd := exec.Command(argv[0], argv[1:]...)
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...) // the last of a name wins
	}
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return Launch{Err: err}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case err := <-done:
		return Launch{Err: err}
	case <-t.C:
		return Launch{Running: true}
	}
}
