package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
)

// uploadWorkers is how many photos are in flight at once, as in the app: enough to
// keep an uplink busy while one is shrunk, few enough to keep memory bounded (the
// client shrinks one photo at a time whatever this number).
const uploadWorkers = 3

// photoOutcome is what became of one file: its URLs or the reason it has none.
type photoOutcome struct {
	File   string
	Result *api.PhotoResult
	Err    error
	Sent   bool // a request was made for it
}

// photoJSON is one element of upload photo --json: every file has one, in the order
// given, with its URLs or its error.
type photoJSON struct {
	File   string     `json:"file"`
	OK     bool       `json:"ok"`
	URL    string     `json:"url,omitempty"`
	URLWM  string     `json:"url_wm,omitempty"`
	Width  int        `json:"width,omitempty"`
	Height int        `json:"height,omitempty"`
	Error  *errorJSON `json:"error,omitempty"`
}

type errorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (o photoOutcome) json() photoJSON {
	j := photoJSON{File: o.File, OK: o.Err == nil}
	if o.Err != nil {
		j.Error = &errorJSON{Code: errorCode(o.Err), Message: o.Err.Error()}
		return j
	}
	j.URL, j.URLWM, j.Width, j.Height = o.Result.URL, o.Result.URLWM, o.Result.Width, o.Result.Height
	return j
}

// errorCode is the machine code of an error for JSON: the service's code, the rule a
// file broke, or a word for what happened.
func errorCode(err error) string {
	var fe *api.FileError
	if e, ok := api.AsError(err); ok {
		return e.Code
	}
	switch {
	case errors.As(err, &fe):
		return "file_" + fe.Rule
	case api.IsUnreachable(err):
		return "unreachable"
	case errors.Is(err, context.Canceled):
		return "cancelled"
	}
	return "error"
}

// stopsTheRest reports whether err will fail every other upload the same way, so the
// files not yet sent are not sent: the key, its scope, or the day's budget.
func stopsTheRest(err error) bool {
	return api.IsAuth(err) || api.IsScope(err) || api.IsDailyLimit(err) || errors.Is(err, context.Canceled)
}

// uploadPhotos sends the checked files uploadWorkers at a time, each within the key's
// budget, and returns one outcome per file in the order given. A failure of one file
// does not stop the others, unless it would fail them all.
func uploadPhotos(ctx context.Context, c *api.Client, paths []string, board *uploadBoard) []photoOutcome {
	out := make([]photoOutcome, len(paths))
	var mu sync.Mutex
	var stop error
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(uploadWorkers, len(paths)) {
		wg.Go(func() {
			for i := range next {
				mu.Lock()
				stopped := stop
				mu.Unlock()
				out[i].File = paths[i]
				if stopped != nil {
					out[i].Err = fmt.Errorf("not sent: %w", stopped)
					board.finish(i, out[i])
					continue
				}
				board.start(i)
				res, err := c.UploadPhoto(ctx, paths[i], func(sent, total int64) { board.progress(i, sent, total) })
				out[i].Result, out[i].Err, out[i].Sent = res, err, true
				if err != nil {
					out[i].Err = explain(err)
					if stopsTheRest(err) {
						mu.Lock()
						stop = firstErr(stop, err)
						mu.Unlock()
					}
				}
				board.finish(i, out[i])
			}
		})
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

func firstErr(old, err error) error {
	if old != nil {
		return old
	}
	return err
}

// uploadBoard shows one line per file on a terminal: the files in flight are redrawn
// in place below the ones finished, which stay as they ended. Off a terminal it
// writes a line per failed file only, so a log tells what went wrong.
type uploadBoard struct {
	mu     sync.Mutex
	w      io.Writer
	tty    bool
	names  []string
	active []int // files in flight, in the order they started
	sent   map[int][2]int64
	lines  int // lines of the live part drawn last
	last   time.Time
	now    func() time.Time
	status string // the budget wait, if any
}

func newUploadBoard(w io.Writer, tty bool, paths []string) *uploadBoard {
	b := &uploadBoard{w: w, tty: tty, sent: map[int][2]int64{}, now: time.Now}
	for _, p := range paths {
		b.names = append(b.names, truncate(filepath.Base(p), 30))
	}
	return b
}

func (b *uploadBoard) start(i int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.active = append(b.active, i)
	b.redraw(true)
}

func (b *uploadBoard) progress(i int, sent, total int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent[i] = [2]int64{sent, total}
	b.status = ""
	b.redraw(sent == total)
}

// onWait is an api.OnWait callback: the budget holds the next upload.
func (b *uploadBoard) onWait(w api.Wait) {
	if w.For < longWait {
		return
	}
	msg := fmt.Sprintf("waiting %s for the request budget (%d requests a minute), until %s",
		roundWait(w.For), w.PerMinute, w.Until.Format("15:04:05"))
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.tty {
		fmt.Fprintf(b.w, "listings: %s\n", msg)
		return
	}
	b.status = msg
	b.redraw(true)
}

func (b *uploadBoard) finish(i int, o photoOutcome) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for k, a := range b.active {
		if a == i {
			b.active = append(b.active[:k], b.active[k+1:]...)
			break
		}
	}
	var line string
	if o.Err != nil {
		line = fmt.Sprintf("✗ %-30s %s", b.names[i], oneLine(o.Err.Error()))
	} else {
		line = fmt.Sprintf("✓ %-30s %dx%d  %s", b.names[i], o.Result.Width, o.Result.Height, o.Result.URL)
	}
	if !b.tty {
		if o.Err != nil { // a script's log needs the failures; its stdout has the rest
			fmt.Fprintln(b.w, line)
		}
		return
	}
	b.clear()
	fmt.Fprintln(b.w, line)
	b.redraw(true)
}

// redraw draws the live part: a line per file in flight and the budget wait. It is
// throttled to ten frames a second unless forced.
func (b *uploadBoard) redraw(force bool) {
	if !b.tty || (!force && b.now().Sub(b.last) < 100*time.Millisecond) {
		return
	}
	b.last = b.now()
	b.clear()
	for _, i := range b.active {
		st := b.sent[i]
		if st[1] <= 0 {
			fmt.Fprintf(b.w, "  %-30s preparing…\x1b[K\n", b.names[i])
			b.lines++
			continue
		}
		pct := int(min(max(st[0]*100/st[1], 0), 100))
		filled := pct * barWidth / 100
		fmt.Fprintf(b.w, "  %-30s [%s%s] %3d%%  %s / %s\x1b[K\n", b.names[i],
			strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled), pct, megabytes(st[0]), megabytes(st[1]))
		b.lines++
	}
	if b.status != "" {
		fmt.Fprintf(b.w, "  %s\x1b[K\n", b.status)
		b.lines++
	}
}

// clear moves back over the live part and erases it.
func (b *uploadBoard) clear() {
	if b.lines > 0 {
		fmt.Fprintf(b.w, "\x1b[%dA\x1b[J", b.lines)
		b.lines = 0
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
