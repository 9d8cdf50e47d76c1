package mirror

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"time"
)

// makeFile makes and opens the file of a mirror that OpenFast did not find, after
// OpenFast has returned. A variable so that tests can hold it back.
var makeFile = func(ctx context.Context, path string) (*DB, error) { return openChecked(ctx, path, false) }

// openFile opens, in the background, a file OpenBeside found current; a variable so
// that tests can hold it back.
var openFile = makeFile

// making returns a mirror whose file at path is made in the background: uses wait for
// it (conn), except the two that tell a first frame whether there is anything to show
// (lastSync), which a file being made cannot have.
func making(ctx context.Context, path string, after time.Duration) *DB {
	d := &DB{path: path, now: time.Now, made: make(chan struct{})}
	// Not cancelled with the caller's context: a file left half made would be set
	// aside and made again by the next start. Close waits for it.
	ctx = context.WithoutCancel(ctx)
	go func() {
		defer close(d.made)
		time.Sleep(after) // OpenFastAfter's caller has something to show first
		d.adopt(makeFile(ctx, path))
	}()
	return d
}

// opening returns a mirror whose file at path, found current (headerCurrent), SQLite
// opens in the background: unlike a file being made, it may hold rows, so every use
// waits for it, LastSync too.
func opening(ctx context.Context, path string) *DB {
	d := &DB{path: path, now: time.Now, made: make(chan struct{}), opened: true}
	ctx = context.WithoutCancel(ctx)
	go func() {
		defer close(d.made)
		d.adopt(openFile(ctx, path))
	}()
	return d
}

// adopt takes the file that was made or opened in the background, or the error that
// makes every use fail.
func (d *DB) adopt(nd *DB, err error) {
	if err != nil {
		d.sqlp.Store(sql.OpenDB(unusable{err}))
		d.lateErr = err
		return
	}
	d.sqlp.Store(nd.conn())
	d.late = nd.rebuilt
}

// wait returns once the file is made (at once when it was there).
func (d *DB) wait() {
	if d.made != nil {
		<-d.made
	}
}

// beingMade reports whether the file is still being made: it holds nothing yet.
func (d *DB) beingMade() bool {
	if d.made == nil || d.opened {
		return false
	}
	select {
	case <-d.made:
		return false
	default:
		return true
	}
}

// unusable stands for a mirror whose file could not be made: every use fails with why.
type unusable struct{ err error }

func (u unusable) Connect(context.Context) (driver.Conn, error) { return nil, u.err }
func (u unusable) Driver() driver.Driver                        { return u }
func (u unusable) Open(string) (driver.Conn, error)             { return nil, u.err }
