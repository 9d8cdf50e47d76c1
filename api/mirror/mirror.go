// Package mirror owns the local mirror of an account: an embedded SQLite database
// (pure Go, modernc.org/sqlite, so static builds stay without cgo) holding every
// listing's list fields, the detail of the listings opened, each listing's history of
// views and status (one row per sync in which they changed), the syncs themselves and
// the taxonomy and city answers cached today. It answers search (FTS5, case and
// diacritics folded), sorting on any column and views over time without a request,
// and Sync fills it within the key's budget.
//
// One file per profile and base URL in the data directory (File), never holding the
// key. A damaged or foreign file is moved aside and a new one built (Open says so in
// DB.Rebuilt); schema changes are numbered migrations (schema.go).
package mirror

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver
)

// DB is an open mirror. Reads run in parallel (WAL); writes take one lock, so a
// process has one writer, and other processes wait for the file's lock (busy timeout).
type DB struct {
	// sqlp is swapped by Verify when the file fails its integrity check and a new one
	// takes its place; every use reads it through conn.
	sqlp atomic.Pointer[sql.DB]
	path string
	now  func() time.Time

	wmu     sync.Mutex // one writer at a time in this process
	rebuilt string

	// made is closed once a file OpenFast did not find is made (create.go); nil when
	// the file was opened before the DB was returned. late is what making it found to
	// say (a rebuild, an error), which Verify says once.
	made    chan struct{}
	late    string
	lateErr error
	// opened is set when made stands for the open of a file that was there
	// (OpenBeside): it may hold rows, so nothing answers before it.
	opened bool
}

// File names the mirror of a profile at a service under the data directory dir: a hash
// of the two, so neither appears in the name and two services never share a file.
func File(dir, profile, baseURL string) string {
	sum := sha256.Sum256([]byte(profile + "\x00" + strings.TrimRight(baseURL, "/")))
	return filepath.Join(dir, "mirror", hex.EncodeToString(sum[:12])+".db")
}

// ErrNewer is a mirror written by a newer version of the app: it is left alone.
var ErrNewer = errors.New("the mirror was written by a newer version of listings")

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// appID marks the file as this app's mirror (PRAGMA application_id, "LSTM").
const appID = 0x4C53544D

// busyTimeout is how long a write waits for another process's write (a CLI sync beside
// the app's) before it fails.
const busyTimeout = 10 * time.Second

// cacheSize bounds SQLite's page cache of each connection, in KiB as PRAGMA cache_size
// takes it when negative. With SQLite's default of 2 000 KiB, modernc's C allocator
// held 6.6 MB during a sync of 10 000 listings (each 4 KiB page takes an 8 KiB slot
// there, and freed memory is kept for reuse), 2.4 MB with 128 KiB; the file's pages
// stay in the operating system's cache, and the sync and searches take no longer down
// to 128 KiB (at 64 KiB the sync took 1.5 times as long). Memory mapping stays off
// (mmap_size 0, also SQLite's default): the file is read, not mapped into the process.
// docs/performance.md, "Mirror".
const cacheSize = -128

// Open opens the mirror at path, creating it and its directory when missing and
// migrating it to the current schema. A file that is not SQLite, another program's
// database, or one failing its integrity check is renamed to path.broken-<time> and a
// new one is built: Rebuilt then says what happened. ErrNewer is returned for a file
// of a newer schema.
func Open(ctx context.Context, path string) (*DB, error) { return openChecked(ctx, path, true) }

// OpenFast is Open without SQLite's integrity check (quick_check reads every page:
// most of Open's time on 10 000 listings), for a caller with a frame to show first.
// The cheap checks stay (the header, the application id, the schema's version and
// tables); the caller runs Verify once the first frame is out. A damaged page
// meanwhile only makes a read fail with an error.
//
// A file that does not exist yet (the first start on a profile) is made after OpenFast
// returns, in the background: making it takes a few writes and as many flushes to the
// disk, 15–100 ms here, for a file that holds nothing to show. Until it is made,
// LastSync and LastComplete answer at once that it was never synced (so the first frame
// reads nothing more of it), and every other use waits for it.
func OpenFast(ctx context.Context, path string) (*DB, error) { return OpenFastAfter(ctx, path, 0) }

// OpenFastAfter is OpenFast whose new file is begun only after the given time: the
// app's first start shows its first frame from the service, and the file's writes and
// flushes (CPU and the disk's time, 15-100 ms) would compete with that frame for the
// cores. A command that uses the file at once (it waits for it) has nothing to gain.
func OpenFastAfter(ctx context.Context, path string, after time.Duration) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open mirror: %w", err)
	}
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return making(ctx, path, after), nil
	}
	return openChecked(ctx, path, false)
}

// OpenBeside is OpenFastAfter that returns before SQLite has opened a file found
// current, for a caller with other work before its first use (the app: its terminal,
// its watch list, its views): SQLite's open and its checks (1–2 ms cold, on the path
// to a synced first frame) run beside that work, and every use waits for them. The
// file's header is read first, without SQLite: a file that is not ours, of another
// schema (to migrate, or a newer app's) or damaged in its first page is opened before
// OpenBeside returns, as OpenFastAfter does, so that a rebuild is said by Rebuilt and
// ErrNewer returned as ever. What only SQLite can find later (a table missing) is
// said once by Verify, and an error makes every use fail with it.
func OpenBeside(ctx context.Context, path string, after time.Duration) (*DB, error) {
	if !headerCurrent(path) {
		return OpenFastAfter(ctx, path, after)
	}
	return opening(ctx, path), nil
}

func openChecked(ctx context.Context, path string, integrity bool) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open mirror: %w", err)
	}
	db, problem, err := open(ctx, path, integrity)
	if err != nil {
		return nil, err
	}
	if problem == "" {
		return db, nil
	}
	db, msg, err := rebuild(ctx, path, problem)
	if err != nil {
		return nil, err
	}
	db.rebuilt = msg
	return db, nil
}

// rebuild sets the file at path aside for problem and opens a new one; msg says so.
func rebuild(ctx context.Context, path, problem string) (db *DB, msg string, err error) {
	aside := path + ".broken-" + time.Now().Format("20060102-150405")
	if err := setAside(path, aside); err != nil {
		return nil, "", fmt.Errorf("open mirror: %s, and it could not be moved aside: %w", problem, err)
	}
	db, again, err := open(ctx, path, true)
	if err != nil {
		return nil, "", err
	}
	if again != "" {
		db.Close()
		return nil, "", fmt.Errorf("open mirror: a new mirror at %s is unusable: %s", path, again)
	}
	return db, fmt.Sprintf("the local mirror was unreadable (%s); it was moved to %s and a new one is built on the next sync",
		problem, filepath.Base(aside)), nil
}

// Verify runs the integrity check OpenFast left out. A file failing it is set aside
// and a new, empty one takes its place in d (reads in flight meanwhile fail, later
// ones read the new file); the message says so, "" when the file is sound. It waits
// for a write in progress in this process.
func (d *DB) Verify(ctx context.Context) (string, error) {
	d.wait()
	d.wmu.Lock()
	defer d.wmu.Unlock()
	if msg, err := d.late, d.lateErr; msg != "" || err != nil {
		d.late, d.lateErr = "", nil
		return msg, err
	}
	problem := quickCheck(ctx, d.conn())
	if problem == "" {
		return "", nil
	}
	_ = d.conn().Close()
	nd, msg, err := rebuild(ctx, d.path, problem)
	if err != nil {
		return "", fmt.Errorf("verify mirror: %w", err)
	}
	d.sqlp.Store(nd.conn())
	return msg, nil
}

// Rebuilt says why the file found was set aside when it was opened, "" when it was
// usable.
func (d *DB) Rebuilt() string { return d.rebuilt }

// conn is the database, once its file is made.
func (d *DB) conn() *sql.DB {
	d.wait()
	return d.sqlp.Load()
}

// Path is the file of the mirror.
func (d *DB) Path() string { return d.path }

// Close closes the database.
func (d *DB) Close() error { return d.conn().Close() }

// open opens and checks path, with SQLite's integrity check when integrity is set. A
// problem is a reason to set the file aside; an error is one that a new file would not
// cure.
func open(ctx context.Context, path string, integrity bool) (*DB, string, error) {
	if p := checkHeader(path); p != "" {
		return nil, p, nil
	}
	dsn := "file:" + path + "?_txlock=immediate" +
		"&_pragma=busy_timeout(" + fmt.Sprint(busyTimeout.Milliseconds()) + ")" +
		"&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)" +
		fmt.Sprintf("&_pragma=cache_size(%d)&_pragma=mmap_size(0)", cacheSize)
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, "", fmt.Errorf("open mirror: %w", err)
	}
	// A connection keeps its page cache while it is idle: one is enough between uses.
	sdb.SetMaxIdleConns(1)
	d := &DB{path: path, now: time.Now}
	d.sqlp.Store(sdb)
	problem, err := d.check(ctx, integrity)
	if err == nil && problem == "" {
		problem, err = d.migrate(ctx)
	}
	if err != nil || problem != "" {
		sdb.Close()
		return nil, problem, err
	}
	_ = os.Chmod(path, 0o600)
	return d, "", nil
}

// checkHeader reads the first bytes: anything but SQLite's header (or an empty or
// missing file, which SQLite makes anew) is not a mirror.
func checkHeader(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	n, err := io.ReadFull(f, head)
	if n == 0 {
		return ""
	}
	if err != nil || string(head) != sqliteMagic {
		return "not an SQLite database"
	}
	return ""
}

// headerCurrent reads SQLite's header of the file at path, without SQLite: true when
// it is a database with this app's application id and the current schema's version
// (the header's user_version, at byte 60, and application_id, at byte 68, both
// big-endian). In WAL mode a change not yet checkpointed is not in the header: a
// migration made by another process reads as the old version, and the caller then
// opens the file itself, as ever.
func headerCurrent(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 72)
	if _, err := io.ReadFull(f, head); err != nil || string(head[:len(sqliteMagic)]) != sqliteMagic {
		return false
	}
	return binary.BigEndian.Uint32(head[60:]) == uint32(Version) && binary.BigEndian.Uint32(head[68:]) == appID
}

// check recognises the file as ours (a database with tables and another application
// id is someone else's), after SQLite's quick integrity check when integrity is set.
func (d *DB) check(ctx context.Context, integrity bool) (string, error) {
	if integrity {
		if p := quickCheck(ctx, d.conn()); p != "" {
			return p, nil
		}
	}
	var id, tables int
	if err := d.conn().QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil {
		return "it cannot be read: " + err.Error(), nil
	}
	if err := d.conn().QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&tables); err != nil {
		return "it cannot be read: " + err.Error(), nil
	}
	if id != appID && tables > 0 {
		return "it is another program's database", nil
	}
	return "", nil
}

// quickCheck runs SQLite's quick_check: "" when the file is sound.
func quickCheck(ctx context.Context, db *sql.DB) string {
	var res string
	if err := db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&res); err != nil {
		return "it cannot be read: " + err.Error()
	}
	if res != "ok" {
		return "its integrity check failed: " + res
	}
	return ""
}

// setAside renames the file and its WAL companions out of the way.
func setAside(path, aside string) error {
	for _, ext := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + ext); err == nil {
			_ = os.Rename(path+ext, aside+ext)
		}
	}
	return os.Rename(path, aside)
}

// write runs fn in one transaction under the writer's lock.
func (d *DB) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	d.wmu.Lock()
	defer d.wmu.Unlock()
	tx, err := d.conn().BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
