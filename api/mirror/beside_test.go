package mirror

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// holdOpening makes OpenBeside's open in the background wait for release.
func holdOpening(t *testing.T) (release chan struct{}) {
	t.Helper()
	release = make(chan struct{})
	real := openFile
	openFile = func(ctx context.Context, path string) (*DB, error) {
		<-release
		return real(ctx, path)
	}
	t.Cleanup(func() { openFile = real })
	return release
}

// The app's synced start: OpenBeside returns before SQLite has opened the file (its
// open and checks, 1–2 ms cold, ran on the main goroutine before the first frame), and
// its first use, whether it was ever synced, waits for the open and then answers true:
// a file being opened is not a file being made.
func TestOpenBesideReturnsBeforeSQLiteOpens(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	synced(t, path, 3)
	release := holdOpening(t)
	db, err := OpenBeside(ctx, path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	answered := make(chan bool)
	go func() {
		_, ok, _ := db.LastSync(ctx)
		answered <- ok
	}()
	select {
	case ok := <-answered:
		t.Fatalf("LastSync answered %v before the file was open", ok)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if !<-answered {
		t.Fatal("a synced file opened beside says it was never synced")
	}
	if n, err := db.Count(ctx); n != 3 || err != nil {
		t.Fatalf("%d listings (%v)", n, err)
	}
	if msg, err := db.Verify(ctx); msg != "" || err != nil {
		t.Fatalf("verify: %q %v", msg, err)
	}
}

// What the header shows is not current is opened before OpenBeside returns, as
// OpenFast does: a newer app's file is ErrNewer at once and left alone, an older
// schema is migrated, a file that is not SQLite is set aside and Rebuilt says so.
func TestOpenBesideOpensAnythingNotCurrentAtOnce(t *testing.T) {
	ctx := context.Background()
	holdOpening(t) // never released: a background open would hang the test

	newer := filepath.Join(t.TempDir(), "newer.db")
	synced(t, newer, 1)
	setVersion(t, newer, 99)
	if _, err := OpenBeside(ctx, newer, 0); !errors.Is(err, ErrNewer) {
		t.Errorf("a newer file: %v", err)
	}

	older := filepath.Join(t.TempDir(), "older.db")
	synced(t, older, 2)
	setVersion(t, older, Version-1)
	db, err := OpenBeside(ctx, older, 0)
	if err != nil {
		t.Fatal(err)
	}
	if db.made != nil {
		t.Error("an older file was left to open in the background")
	}
	db.Close()

	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte("not a database at all, but long enough to have a header of 100 bytes."+
		"..............................."), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err = OpenBeside(ctx, junk, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.Rebuilt() == "" {
		t.Error("a file that is not SQLite was not said to be set aside")
	}
}

// setVersion writes the schema version SQLite keeps in the file's header, and
// checkpoints, so that the header shows it as a file at rest does.
func setVersion(t *testing.T, path string, v int) {
	t.Helper()
	o, err := sql.Open("sqlite", path)
	must(t, err)
	defer o.Close()
	_, err = o.Exec(fmt.Sprintf("PRAGMA user_version = %d", v))
	must(t, err)
	_, err = o.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	must(t, err)
}
