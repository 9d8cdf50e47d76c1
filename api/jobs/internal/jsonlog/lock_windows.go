//go:build windows

package jsonlog

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lock takes the file's exclusive lock without waiting: the holder is a job running
// in another process, and waiting for it would hang this one.
func lock(f *os.File) error {
	// Windows locks are mandatory: lock one byte far past any data, so readers of the
	// journal (a list of jobs) are not refused while a job runs.
	ol := &windows.Overlapped{OffsetHigh: 0x7fffffff}
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return ErrBusy
	}
	return err
}
