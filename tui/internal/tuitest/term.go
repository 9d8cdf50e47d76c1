package tuitest

import (
	"bytes"
	"io"
	"sync"
	"testing"
)

// SyncBuffer is a program's terminal in a test that runs a whole Bubble Tea program:
// the renderer writes to it from a goroutine of its own while the test reads it.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// KeyThenWait is a terminal's input: keys typed once, then nothing until the test
// ends (an input that ended would end the program).
func KeyThenWait(t *testing.T, keys string) io.Reader {
	r, w := io.Pipe()
	go func() { _, _ = w.Write([]byte(keys)) }()
	t.Cleanup(func() { _ = w.Close() })
	return r
}
