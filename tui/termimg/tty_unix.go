//go:build unix

package termimg

import (
	"errors"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// askTerminal puts the terminal in raw mode for the questions (so the answers are
// neither echoed nor held back until a newline), asks, and restores it.
func askTerminal(in, out *os.File, timeout time.Duration) (Answers, bool) {
	if !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return Answers{}, false
	}
	st, err := term.MakeRaw(in.Fd())
	if err != nil {
		return Answers{}, false
	}
	defer func() { _ = term.Restore(in.Fd(), st) }()
	a, err := Query(out, fdReader(int(in.Fd())), timeout)
	return a, err == nil
}

// fdReader reads a terminal's file descriptor with a time-out, by poll(2): an
// *os.File of a terminal has no read deadline, and a read left blocked in a goroutine
// would steal the user's first key from Bubble Tea.
type fdReader int

func (fd fdReader) ReadTimeout(p []byte, d time.Duration) (int, error) {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	ms := max(int(d/time.Millisecond), 1)
	for {
		n, err := unix.Poll(fds, ms)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, ErrTimeout
		}
		k, err := unix.Read(int(fd), p)
		if errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN) {
			continue
		}
		return max(k, 0), err
	}
}
