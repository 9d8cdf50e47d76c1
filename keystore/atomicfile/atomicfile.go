// Package atomicfile owns the one way this program replaces a file on disk: write a
// temporary file in the same directory, fsync it, rename it over the old one, fsync the
// directory. A crash or a kill at any moment leaves either the old file or the new one,
// never half of either; keys, config, drafts and sandbox state all depend on that.
package atomicfile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// Write replaces path with data, created with perm. Directories it has to create are
// 0700: what lives here is private to the user.
func Write(path string, data []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	// MkdirAll leaves an existing directory's mode alone (it may be a shared one
	// such as ~/.config).
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create directory %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("create temporary file in %s: %w", dir, err)
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmpName)
		}
	}()
	if err := tmp.Chmod(perm); err != nil && runtime.GOOS != "windows" {
		return fmt.Errorf("chmod temporary file: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("write temporary file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("sync temporary file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("close temporary file: %w", err)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("replace %s: %w", path, err)
	}
	syncDir(dir)
	return nil
}

// syncDir makes the rename itself durable. Best effort: some platforms (Windows) and
// file systems cannot fsync a directory, and the data is already safe in the file.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}
