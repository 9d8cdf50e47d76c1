package cmdutil

import (
	"time"

	"context"
	"errors"
	"fmt"
	"os"

	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/paths"
)

// MirrorPath is the file of the target's local mirror (api/mirror): under the data
// directory, named by a hash of the profile and the base URL. It needs no key.
func (f *Factory) MirrorPath(t *Target) (string, error) {
	if t.BaseURL == "" {
		return "", fmt.Errorf("no service for profile %q: run listings auth login --base-url URL", t.Profile)
	}
	dir, err := paths.Data(f.Getenv)
	if err != nil {
		return "", err
	}
	return mirror.File(dir, t.Profile, t.BaseURL), nil
}

// ErrNoMirror is a command that reads the mirror before any sync made one.
var ErrNoMirror = errors.New("there is no local mirror of this account yet: run listings sync first")

// OpenMirror opens the target's mirror. With create false a mirror that was never
// synced is ErrNoMirror (nothing is created). A file that had to be set aside and
// rebuilt is said on standard error.
func (f *Factory) OpenMirror(ctx context.Context, t *Target, create bool) (*mirror.DB, error) {
	return f.openMirror(ctx, t, create, mirror.Open)
}

// OpenMirrorFast opens (creating) the target's mirror without SQLite's integrity
// check, for the app, which shows its first frame first and runs DB.Verify after it;
// a new file is made once that frame is out (AppMakeAfter), and SQLite opens a
// current one beside the app's other work before its first frame (OpenBeside).
func (f *Factory) OpenMirrorFast(ctx context.Context, t *Target) (*mirror.DB, error) {
	return f.openMirror(ctx, t, true, func(ctx context.Context, path string) (*mirror.DB, error) {
		return mirror.OpenBeside(ctx, path, AppMakeAfter)
	})
}

// AppMakeAfter is how long after the app's start a new mirror file is begun: four
// frames, so that its first frame is written first (docs/performance.md, "Start").
const AppMakeAfter = 4 * time.Second / 60

func (f *Factory) openMirror(ctx context.Context, t *Target, create bool,
	open func(context.Context, string) (*mirror.DB, error)) (*mirror.DB, error) {
	path, err := f.MirrorPath(t)
	if err != nil {
		return nil, err
	}
	if !create {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, ErrNoMirror
		}
	}
	db, err := open(ctx, path)
	if err != nil {
		return nil, err
	}
	if msg := db.Rebuilt(); msg != "" {
		f.warn(msg)
	}
	if !create {
		if _, ok, err := db.LastSync(ctx); err != nil || !ok {
			db.Close()
			if err != nil {
				return nil, err
			}
			return nil, ErrNoMirror
		}
	}
	return db, nil
}

// ReadMirror opens the mirror of this command line's target for reading: ErrNoMirror
// when it was never synced. No key is read.
func (f *Factory) ReadMirror(ctx context.Context) (*mirror.DB, error) {
	t, err := f.Target()
	if err != nil {
		return nil, err
	}
	return f.OpenMirror(ctx, t, false)
}

// CachedClient is the session's client whose taxonomy and city answers are kept in
// the target's mirror for the day (mirror.CachedClient; the mirror is made when
// missing, opened without its integrity check: a damaged page only costs a request).
// Without a mirror (no data directory, a newer app's file) nothing is kept. done
// closes the mirror.
func (f *Factory) CachedClient(ctx context.Context, s *Session) (c *mirror.CachedClient, done func()) {
	db, err := f.openMirror(ctx, &Target{Profile: s.Profile, BaseURL: s.BaseURL}, true, mirror.OpenFast)
	if err != nil {
		return mirror.NewCachedClient(nil, s.Client), func() {}
	}
	return mirror.NewCachedClient(db, s.Client), func() { db.Close() }
}
