package mirror

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func TestFileNamesNeitherProfileNorService(t *testing.T) {
	a := File("/d", "work", "https://api.example.com/")
	if a != File("/d", "work", "https://api.example.com") {
		t.Error("a trailing slash names another file")
	}
	if a == File("/d", "home", "https://api.example.com") || a == File("/d", "work", "https://other.example.com") {
		t.Error("two profiles or services share a file")
	}
	if strings.Contains(a, "work") || strings.Contains(a, "example") || filepath.Dir(a) != "/d/mirror" {
		t.Errorf("file %s", a)
	}
}

func TestOpenMakesTheSchemaAndReopens(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "m.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if db.Rebuilt() != "" {
		t.Errorf("a new file was rebuilt: %s", db.Rebuilt())
	}
	if _, err := db.Sync(ctx, newFake(3), SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v %v", fi.Mode(), err)
	}
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v, jm string
	_ = db.conn().QueryRow("PRAGMA user_version").Scan(&v)
	_ = db.conn().QueryRow("PRAGMA journal_mode").Scan(&jm)
	if n, _ := db.Count(ctx); n != 3 || v != fmt.Sprint(Version) || jm != "wal" || db.Rebuilt() != "" {
		t.Errorf("count %d, version %s, journal %s, rebuilt %q", n, v, jm, db.Rebuilt())
	}
}

// A file that is not a usable mirror is moved aside, with a message, and a new one
// built; never a crash, never someone else's database written into.
func TestADamagedOrForeignFileIsSetAsideAndRebuilt(t *testing.T) {
	ctx := context.Background()
	cases := map[string]func(t *testing.T, path string){
		"not sqlite": func(t *testing.T, path string) {
			must(t, os.WriteFile(path, []byte("{\"drafts\": []}\n"+strings.Repeat("x", 5000)), 0o600))
		},
		"a short header": func(t *testing.T, path string) { must(t, os.WriteFile(path, []byte("SQLite"), 0o600)) },
		"another program's database": func(t *testing.T, path string) {
			o, err := sql.Open("sqlite", path)
			must(t, err)
			_, err = o.Exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'mine')")
			must(t, err)
			o.Close()
		},
		"truncated": func(t *testing.T, path string) {
			synced(t, path, 300)
			fi, err := os.Stat(path)
			must(t, err)
			must(t, os.Truncate(path, fi.Size()/2))
		},
		"pages overwritten": func(t *testing.T, path string) {
			synced(t, path, 300)
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			must(t, err)
			junk := []byte(strings.Repeat("\xde\xad\xbe\xef", 4096))
			_, err = f.WriteAt(junk, 4096*3)
			must(t, err)
			f.Close()
		},
		"tables missing": func(t *testing.T, path string) {
			synced(t, path, 3)
			o, err := sql.Open("sqlite", path)
			must(t, err)
			_, err = o.Exec("DROP TABLE history")
			must(t, err)
			o.Close()
		},
	}
	for name, damage := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "m.db")
			damage(t, path)
			db, err := Open(ctx, path)
			if err != nil {
				t.Fatalf("open: %v", err)
			}
			defer db.Close()
			msg := db.Rebuilt()
			if !strings.Contains(msg, "moved to m.db.broken-") || !strings.Contains(msg, "new one") {
				t.Errorf("message %q", msg)
			}
			aside, _ := filepath.Glob(filepath.Join(dir, "m.db.broken-*"))
			if len(aside) == 0 {
				t.Error("nothing set aside")
			}
			if _, err := db.Sync(ctx, newFake(5), SyncOptions{}); err != nil {
				t.Fatalf("sync into the new file: %v", err)
			}
			if n, _ := db.Count(ctx); n != 5 {
				t.Errorf("%d listings", n)
			}
		})
	}
}

// OpenFast leaves the integrity check to Verify, which sets a damaged file aside
// after the fact and puts a new one in its place: the same DB syncs into it.
func TestVerifyAfterOpenFastRebuildsADamagedFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "m.db")
	synced(t, path, 300)
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	must(t, err)
	_, err = f.WriteAt([]byte(strings.Repeat("\xde\xad\xbe\xef", 4096)), 4096*3)
	must(t, err)
	f.Close()
	db, err := OpenFast(ctx, path)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	defer db.Close()
	if db.Rebuilt() != "" {
		t.Fatalf("the cheap checks found it: %s", db.Rebuilt())
	}
	msg, err := db.Verify(ctx)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !strings.Contains(msg, "moved to m.db.broken-") {
		t.Errorf("message %q", msg)
	}
	if again, err := db.Verify(ctx); again != "" || err != nil {
		t.Errorf("the new file: %q %v", again, err)
	}
	if _, err := db.Sync(ctx, newFake(5), SyncOptions{}); err != nil {
		t.Fatalf("sync into the new file: %v", err)
	}
	if n, _ := db.Count(ctx); n != 5 {
		t.Errorf("%d listings", n)
	}
	// A sound file: nothing to say.
	if msg, err := db.Verify(ctx); msg != "" || err != nil {
		t.Errorf("sound file: %q %v", msg, err)
	}
}

func TestANewerFileIsLeftAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	synced(t, path, 1)
	o, err := sql.Open("sqlite", path)
	must(t, err)
	_, err = o.Exec("PRAGMA user_version = 99")
	must(t, err)
	o.Close()
	_, err = Open(context.Background(), path)
	if !errors.Is(err, ErrNewer) || !strings.Contains(err.Error(), "update listings") {
		t.Fatalf("err %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Error("the newer file was moved")
	}
}

// A file of every earlier schema (1: no search, no views_7d; 2: no condition, photos,
// detail language or sync fields) keeps its listings and history and can be searched
// once opened.
func TestMigrationFromThePreviousVersion(t *testing.T) {
	for v := 1; v < Version; v++ {
		t.Run(fmt.Sprint("schema ", v), func(t *testing.T) { migrateFrom(t, v) })
	}
}

func migrateFrom(t *testing.T, version int) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	o, err := sql.Open("sqlite", "file:"+path+"?_txlock=immediate")
	must(t, err)
	old := &DB{path: path}
	old.sqlp.Store(o)
	if p, err := old.migrateTo(ctx, version); err != nil || p != "" {
		t.Fatal(p, err)
	}
	_, err = o.Exec(`INSERT INTO listings (id, title, title_key, city, views, status, first_seen, seen_sync)
		VALUES (7, 'Велосипед Kalkhoff', 'велосипед kalkhoff', 'Львів', 12, 'active', 1, 1)`)
	must(t, err)
	_, err = o.Exec(`INSERT INTO history VALUES (7, 1, 1, 12, 'active')`)
	must(t, err)
	o.Close()

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.Rebuilt() != "" {
		t.Fatalf("rebuilt: %s", db.Rebuilt())
	}
	ids, err := db.SearchIDs(ctx, Query{Text: "велос"})
	if err != nil || len(ids) != 1 || ids[0] != 7 {
		t.Errorf("search after migration: %v %v", ids, err)
	}
	if pts, _ := db.History(ctx, 7); len(pts) != 1 {
		t.Errorf("history %v", pts)
	}
}

func synced(t *testing.T, path string, n int) {
	t.Helper()
	db, err := Open(context.Background(), path)
	must(t, err)
	_, err = db.Sync(context.Background(), newFake(n), SyncOptions{})
	must(t, err)
	_, err = db.conn().Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	must(t, err)
	db.Close()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// The taxonomy and city answers are kept for the Kyiv day they came on.
func TestCacheKeepsTodaysAnswers(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	day := time.Date(2026, 11, 24, 23, 30, 0, 0, api.Kyiv)
	db.now = func() time.Time { return day }
	must(t, db.PutCache(ctx, CacheCities, "київ", "uk", []byte(`[{"ref":"x"}]`)))
	if b, ok, err := db.Cached(ctx, CacheCities, "київ", "uk"); err != nil || !ok || string(b) != `[{"ref":"x"}]` {
		t.Errorf("%s %v %v", b, ok, err)
	}
	if _, ok, _ := db.Cached(ctx, CacheCities, "київ", "en"); ok {
		t.Error("another language answered")
	}
	day = day.Add(time.Hour) // past Kyiv midnight
	if _, ok, _ := db.Cached(ctx, CacheCities, "київ", "uk"); ok {
		t.Error("yesterday's answer kept")
	}
}
