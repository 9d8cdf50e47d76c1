//go:build unix

package jsonlog

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// lock takes the file's exclusive advisory lock without waiting: the holder is a job
// running in another process, and waiting for it would hang this one.
func lock(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return ErrBusy
	}
	return err
}
