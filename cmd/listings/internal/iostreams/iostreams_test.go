package iostreams

import (
	"errors"
	"fmt"
	"io"
	"syscall"
	"testing"
)

type brokenAfter struct {
	n   int
	err error
}

func (w *brokenAfter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, w.err
	}
	w.n--
	return len(p), nil
}

// The first failure of standard output is kept and every later write fails with it,
// so code that did not look at an error still ends with it.
func TestOutKeepsTheFirstFailure(t *testing.T) {
	t.Parallel()
	s := New(nil, &brokenAfter{n: 1, err: fmt.Errorf("write |1: %w", syscall.EPIPE)}, io.Discard)
	if _, err := fmt.Fprint(s.Out, "first"); err != nil || s.OutError() != nil {
		t.Fatalf("the first write: %v, %v", err, s.OutError())
	}
	_, err := fmt.Fprint(s.Out, "second")
	var we *WriteError
	if !errors.As(err, &we) || !we.BrokenPipe() || !IsBrokenPipe(s.OutError()) {
		t.Fatalf("a closed pipe: %v (kept: %v)", err, s.OutError())
	}
	if _, again := fmt.Fprint(s.Out, "third"); again != s.OutError() {
		t.Errorf("a later write: %v, want the first failure", again)
	}
	full := New(nil, &brokenAfter{err: syscall.ENOSPC}, io.Discard)
	_, err = fmt.Fprint(full.Out, "x")
	if IsBrokenPipe(err) || err.Error() != "write standard output: no space left on device" {
		t.Errorf("a full disk: %v", err)
	}
}

func TestColorAllowed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"TERM": "xterm-256color"}, true},
		{map[string]string{"TERM": "xterm-256color", "NO_COLOR": "1"}, false},
		{map[string]string{"TERM": "dumb"}, false},
		{map[string]string{}, true},
	} {
		if got := ColorAllowed(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.env, got, tc.want)
		}
	}
}
