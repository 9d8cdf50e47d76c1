package sheet

import (
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// NewFileMode is the mode a new file made in dir gets by the user's umask, as a
// file saved by any program does (0644 under 022, 0600 under 077). A sheet is written
// to a temporary file first (os.CreateTemp makes it 0600 whatever the umask) and
// renamed, so its mode is set to this before the rename. It is learnt from a probe
// file created with 0666, which the system masks, rather than from umask(2), which
// would change the process's umask, however briefly, for every goroutine.
func NewFileMode(dir string) fs.FileMode {
	if runtime.GOOS == "windows" {
		return 0o666
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	probe := filepath.Join(dir, ".listings-mode-"+hex.EncodeToString(b[:]))
	f, err := os.OpenFile(probe, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		return 0o600 // cannot tell: private is the safe guess
	}
	defer os.Remove(probe)
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return 0o600
	}
	return st.Mode().Perm()
}
