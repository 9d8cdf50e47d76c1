package keystore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"

	"github.com/listings-tui/listings/keystore/atomicfile"
)

// maxFileSize bounds how much of the key file is read. A file of one key
// per profile is a few hundred bytes; anything this big is not ours.
const maxFileSize = 1 << 20

// File is a Store in a plain JSON file that maps profile names to keys. It is
// used only when the user asks for --insecure-storage: the key is then
// protected by nothing but the file's 0600 mode, so every Get calls Warn.
//
// Writes are atomic (temporary file in the same directory, fsync, rename),
// so a crash never leaves a half-written file. Calls on one File are
// serialised; two processes writing at once cannot corrupt the file, but the
// last writer wins.
type File struct {
	// Warn, if not nil, is called with a one-line warning every time Get
	// returns a key, telling the user the key is in a plain-text file and
	// how to move it. The caller decides where to print it. Calls are
	// serialised. Set it before the File is shared between goroutines.
	Warn func(string)

	path string
	mu   sync.Mutex
}

// NewFile returns a File store at path. Nothing is created until Set.
func NewFile(path string) *File { return &File{path: path} }

// Path returns the file's location.
func (f *File) Path() string { return f.path }

// Kind returns SourceFile.
func (f *File) Kind() Source { return SourceFile }

// Get returns the key of profile, ErrNotFound if the file or the profile is
// absent, or an error matching ErrInsecureFile if the file is readable by
// others (Unix).
func (f *File) Get(ctx context.Context, profile string) (string, error) {
	if err := checkCall(ctx, "key file get", profile); err != nil {
		return "", err
	}
	f.mu.Lock()
	// Held through Warn too, so a Warn hook needs no locking of its own.
	defer f.mu.Unlock()
	keys, err := f.load()
	if err != nil {
		return "", err
	}
	key, ok := keys[profile]
	if !ok || key == "" {
		return "", fmt.Errorf("key file %s: profile %q: %w", f.path, profile, ErrNotFound)
	}
	if f.Warn != nil {
		f.Warn(fmt.Sprintf("warning: the key of profile %q is read from a plain-text file (%s); move it to the OS keyring with: listings auth login --profile %s",
			profile, f.path, profile))
	}
	return key, nil
}

// Set stores key for profile, creating the file (mode 0600) and its
// directory (mode 0700) if needed.
func (f *File) Set(ctx context.Context, profile, key string) error {
	if err := checkCall(ctx, "key file set", profile); err != nil {
		return err
	}
	if key == "" {
		return fmt.Errorf("key file set: profile %q: %w", profile, ErrEmptyKey)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	keys, err := f.load()
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	if keys == nil {
		keys = make(map[string]string)
	}
	keys[profile] = key
	return f.save(keys)
}

// Delete removes the key of profile. When no key is left the file itself is
// removed, so nothing lingers on disk that the user did not ask for.
func (f *File) Delete(ctx context.Context, profile string) error {
	if err := checkCall(ctx, "key file delete", profile); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	keys, err := f.load()
	if err != nil {
		return err
	}
	if _, ok := keys[profile]; !ok {
		return fmt.Errorf("key file %s: profile %q: %w", f.path, profile, ErrNotFound)
	}
	delete(keys, profile)
	if len(keys) == 0 {
		if err := os.Remove(f.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("key file %s: remove: %w", f.path, err)
		}
		return nil
	}
	return f.save(keys)
}

// load reads and parses the file. A missing file is ErrNotFound. It refuses
// a file readable or writable by group or others, because then the key may
// already be exposed and silently using it would hide that.
func (f *File) load() (map[string]string, error) {
	fh, err := os.Open(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("key file %s does not exist: %w", f.path, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("key file: open: %w", err)
	}
	defer fh.Close()
	info, err := fh.Stat()
	if err != nil {
		return nil, fmt.Errorf("key file %s: stat: %w", f.path, err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("key file %s is not a regular file", f.path)
	}
	// Windows has no Unix permission bits; Go reports 0666 there.
	if runtime.GOOS != "windows" && info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("%w: %s has mode %04o, wider than 0600; others may have read the key: run chmod 600 %s (and consider replacing the key in the account settings)",
			ErrInsecureFile, f.path, info.Mode().Perm(), f.path)
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("key file %s: read: %w", f.path, err)
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("key file %s is larger than %d bytes; it is not a key file", f.path, maxFileSize)
	}
	keys := make(map[string]string)
	if err := json.Unmarshal(data, &keys); err != nil {
		// The decoder's message can quote a character of the file, which
		// may be part of a key: report only where the problem is.
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("key file %s is not valid JSON (error at byte %d); fix or remove it", f.path, syn.Offset)
		}
		return nil, fmt.Errorf("key file %s is not a JSON object of profile names to keys; fix or remove it", f.path)
	}
	return keys, nil
}

// save writes keys atomically, so a crash never leaves a half-written file.
func (f *File) save(keys map[string]string) error {
	data, err := json.MarshalIndent(keys, "", "  ")
	if err != nil {
		return fmt.Errorf("key file %s: encode: %w", f.path, err)
	}
	if err := atomicfile.Write(f.path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("key file: %w", err)
	}
	return nil
}
