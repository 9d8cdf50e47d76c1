package iostreams

import (
	"bytes"
	"strings"
	"sync"
)

// Test returns streams for a test: standard input reads stdin, and what is written
// lands in the two buffers returned. No stream is a terminal until the test says so
// (s.IsStderrTTY = true draws the progress lines a terminal gets).
func Test(stdin string) (s *IOStreams, stdout, stderr *Buffer) {
	stdout, stderr = &Buffer{}, &Buffer{}
	return New(strings.NewReader(stdin), stdout, stderr), stdout, stderr
}

// Buffer is a bytes.Buffer that a test may read while a command writes to it from
// other goroutines (the upload workers, a server's log). Notify, when set, is told of
// every write without blocking.
type Buffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	Notify chan struct{}
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n, err := b.b.Write(p)
	if b.Notify != nil {
		select {
		case b.Notify <- struct{}{}:
		default:
		}
	}
	return n, err
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
