package keystore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func newTestFile(t *testing.T) (*File, *[]string) {
	t.Helper()
	f := NewFile(filepath.Join(t.TempDir(), "conf", "keys.json"))
	var warnings []string
	f.Warn = func(s string) { warnings = append(warnings, s) }
	return f, &warnings
}

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Mode().Perm()
}

func TestFileRoundTrip(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix permission bits")
	}
	ctx := context.Background()
	f, warnings := newTestFile(t)
	if f.Kind() != SourceFile {
		t.Fatalf("Kind = %v", f.Kind())
	}
	if _, err := f.Get(ctx, "shop"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get before Set = %v, want ErrNotFound", err)
	}
	if err := f.Set(ctx, "shop", testKey); err != nil {
		t.Fatal(err)
	}
	if err := f.Set(ctx, "other", testKey2); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, f.Path()); m != 0o600 {
		t.Errorf("file mode = %04o, want 0600", m)
	}
	if m := mode(t, filepath.Dir(f.Path())); m != 0o700 {
		t.Errorf("dir mode = %04o, want 0700", m)
	}
	// The format is a plain JSON object of profile to key.
	var onDisk map[string]string
	data, err := os.ReadFile(f.Path())
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &onDisk); err != nil || onDisk["shop"] != testKey || onDisk["other"] != testKey2 {
		t.Fatalf("file content %v, %v", onDisk, err)
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(filepath.Dir(f.Path()))
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only the key file", len(entries))
	}

	for i := range 3 {
		got, err := f.Get(ctx, "shop")
		if err != nil || got != testKey {
			t.Fatalf("Get = %q, %v", got, err)
		}
		if len(*warnings) != i+1 {
			t.Fatalf("after %d Gets, %d warnings", i+1, len(*warnings))
		}
	}
	want := fmt.Sprintf(`warning: the key of profile "shop" is read from a plain-text file (%s); move it to the OS keyring with: listings auth login --profile shop`, f.Path())
	if (*warnings)[0] != want {
		t.Errorf("warning = %q\nwant      %q", (*warnings)[0], want)
	}
	assertNoKey(t, (*warnings)[0], testKey)

	if err := f.Delete(ctx, "shop"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Get(ctx, "shop"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after Delete = %v", err)
	}
	if err := f.Delete(ctx, "shop"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Delete twice = %v", err)
	}
	if err := f.Delete(ctx, "other"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("file still exists after its last key was deleted: %v", err)
	}
}

func TestFileRefusesWideMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix permission bits")
	}
	ctx := context.Background()
	f, _ := newTestFile(t)
	if err := f.Set(ctx, "shop", testKey); err != nil {
		t.Fatal(err)
	}
	for _, m := range []os.FileMode{0o644, 0o640, 0o604, 0o660} {
		if err := os.Chmod(f.Path(), m); err != nil {
			t.Fatal(err)
		}
		_, err := f.Get(ctx, "shop")
		if !errors.Is(err, ErrInsecureFile) || !strings.Contains(err.Error(), "chmod 600 "+f.Path()) {
			t.Fatalf("mode %04o: Get = %v, want ErrInsecureFile naming chmod 600", m, err)
		}
		if err := f.Set(ctx, "x", testKey2); !errors.Is(err, ErrInsecureFile) {
			t.Fatalf("mode %04o: Set = %v, want ErrInsecureFile", m, err)
		}
	}
	if err := os.Chmod(f.Path(), 0o400); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Get(ctx, "shop"); err != nil {
		t.Fatalf("mode 0400 must be readable: %v", err)
	}
}

func TestFileAtomicWriteKeepsOldContentOnFailure(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs Unix permissions enforced (not root)")
	}
	ctx := context.Background()
	f, _ := newTestFile(t)
	if err := f.Set(ctx, "shop", testKey); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(f.Path())
	// A read-only directory makes the temporary file impossible to create:
	// the existing file must stay intact.
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
	err := f.Set(ctx, "shop", testKey2)
	if err == nil {
		t.Fatal("Set in a read-only directory succeeded")
	}
	assertNoKey(t, err.Error(), testKey2)
	if got, err := f.Get(ctx, "shop"); err != nil || got != testKey {
		t.Fatalf("after failed Set, Get = %q, %v", got, err)
	}
}

func TestFileAtomicWriteReplacesInode(t *testing.T) {
	ctx := context.Background()
	f, _ := newTestFile(t)
	if err := f.Set(ctx, "shop", testKey); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(f.Path())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Set(ctx, "shop", testKey2); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(f.Path())
	if err != nil {
		t.Fatal(err)
	}
	// Rename puts a new file in place rather than rewriting the old one.
	if os.SameFile(before, after) {
		t.Error("Set rewrote the file in place instead of renaming a new one over it")
	}
}

func TestFileCorrupt(t *testing.T) {
	ctx := context.Background()
	f, _ := newTestFile(t)
	if err := os.MkdirAll(filepath.Dir(f.Path()), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, content := range []string{`{"shop": "` + testKey + `"`, `["` + testKey + `"]`, `{"shop": 5}`} {
		if err := os.WriteFile(f.Path(), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := f.Get(ctx, "shop")
		if err == nil || errors.Is(err, ErrNotFound) {
			t.Fatalf("content %q: Get = %v, want a parse error", content, err)
		}
		assertNoKey(t, err.Error(), testKey)
	}
}

func TestFileConcurrentSet(t *testing.T) {
	ctx := context.Background()
	f, _ := newTestFile(t)
	const n = 12
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			if err := f.Set(ctx, fmt.Sprintf("p%d", i), testKey); err != nil {
				errs <- err
			}
			if _, err := f.Get(ctx, fmt.Sprintf("p%d", i)); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range n {
		if got, err := f.Get(ctx, fmt.Sprintf("p%d", i)); err != nil || got != testKey {
			t.Errorf("p%d: Get = %q, %v (an update was lost)", i, got, err)
		}
	}
}

func TestFileRejects(t *testing.T) {
	ctx := context.Background()
	f, _ := newTestFile(t)
	if err := f.Set(ctx, "shop", ""); !errors.Is(err, ErrEmptyKey) {
		t.Errorf("Set empty = %v", err)
	}
	if err := f.Set(ctx, "a/b", testKey); !errors.Is(err, ErrInvalidProfile) {
		t.Errorf("Set bad profile = %v", err)
	}
	if err := f.Delete(ctx, "shop"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete with no file = %v", err)
	}
	dirAsFile := NewFile(t.TempDir())
	if _, err := dirAsFile.Get(ctx, "shop"); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("Get on a directory = %v, want an error", err)
	}
}
