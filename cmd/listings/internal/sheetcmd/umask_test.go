//go:build unix

package sheetcmd

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
)

// The file an export writes has the mode the user's umask gives any new file: 0600
// under 077 (it was 0644 whatever the umask), 0644 under 022. Not parallel: the umask
// is the process's.
func TestOutputFollowsTheUmask(t *testing.T) {
	for umask, want := range map[int]os.FileMode{0o077: 0o600, 0o022: 0o644} {
		old := syscall.Umask(umask)
		ios, _, _ := iostreams.Test("")
		out, err := openOutput(cmdtest.NewFactory(nil, ios), filepath.Join(t.TempDir(), "shop.csv"))
		if err == nil {
			_, err = out.w.Write([]byte("id\n1\n"))
		}
		if err == nil {
			err = out.commit()
		}
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(out.path)
		if err != nil || st.Mode().Perm() != want {
			t.Errorf("umask %03o: mode %v, want %v (%v)", umask, st.Mode().Perm(), want, err)
		}
	}
}
