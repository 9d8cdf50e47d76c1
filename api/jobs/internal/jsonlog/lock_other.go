//go:build !unix && !windows

package jsonlog

import "os"

// lock is a no-op where the system offers no file lock the standard library reaches.
func lock(*os.File) error { return nil }
