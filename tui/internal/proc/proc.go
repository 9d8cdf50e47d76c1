// Package proc holds what belongs to the process rather than to a copy of the root
// model: Bubble Tea copies the model on each Update, but the keys a crash report must
// redact, the sandboxes started from the login screen and the sandbox's temporary
// jobs directory are the process's, and end with it.
package proc

import (
	"os"
	"sync"

	"github.com/listings-tui/listings/tui/crash"
)

// Shared is what every copy of the root points to.
type Shared struct {
	Keys  crash.Secrets
	mu    sync.Mutex
	stops []func()
	// tempJobs is the jobs directory of a sandbox session, removed at the end.
	tempJobs string
}

// AddStop keeps f for StopAll; nil is ignored.
func (s *Shared) AddStop(f func()) {
	if f == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stops = append(s.stops, f)
}

// StopAll stops every sandbox started from the login screen and removes what the
// process made for itself.
func (s *Shared) StopAll() {
	s.mu.Lock()
	stops := s.stops
	s.stops = nil
	s.mu.Unlock()
	for _, f := range stops {
		f()
	}
}

// JobsDir is where jobs are journaled: the CLI's directory, or a temporary one for
// the sandbox (its listings end with the app), made at the first job (the jobs panel
// asks off the event loop) and removed by StopAll.
func (s *Shared) JobsDir(dir string, sandbox bool) func() string {
	if dir != "" && !sandbox {
		return func() string { return dir }
	}
	return func() string {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.tempJobs == "" {
			d, err := os.MkdirTemp("", "listings-sandbox-jobs-")
			if err != nil {
				return "" // the panel says a job cannot be journaled
			}
			s.tempJobs = d
			s.stops = append(s.stops, func() { _ = os.RemoveAll(d) })
		}
		return s.tempJobs
	}
}
