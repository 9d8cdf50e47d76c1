package upload

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
)

// nameWidth is the column of file names on standard error.
const nameWidth = 30

// board shows one line per file on a terminal: the files in flight are redrawn in
// place below the ones finished, which stay as they ended. Off a terminal it writes a
// line per failed file only, so a log tells what went wrong.
type board struct {
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

func newBoard(w io.Writer, tty bool, paths []string) *board {
	b := &board{w: w, tty: tty, sent: map[int][2]int64{}, now: time.Now}
	for _, p := range paths {
		b.names = append(b.names, shortName(p))
	}
	return b
}

func shortName(path string) string { return layout.Cut(filepath.Base(path), nameWidth) }

func (b *board) start(i int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.active = append(b.active, i)
	b.redraw(true)
}

func (b *board) progress(i int, sent, total int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sent[i] = [2]int64{sent, total}
	b.status = ""
	b.redraw(sent == total)
}

// onWait is an api.OnWait callback: the budget holds the next upload.
func (b *board) onWait(w api.Wait) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if msg, show := cmdutil.WaitNotice(w, b.w, b.tty); show {
		b.status = msg
		b.redraw(true)
	}
}

func (b *board) finish(i int, o photoOutcome) {
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
func (b *board) redraw(force bool) {
	if !b.tty || (!force && b.now().Sub(b.last) < 100*time.Millisecond) {
		return
	}
	b.last = b.now()
	b.clear()
	for _, i := range b.active {
		st := b.sent[i]
		if st[1] <= 0 {
			fmt.Fprintf(b.w, "  %-30s %s\x1b[K\n", b.names[i], i18n.T("cli.upload.preparing"))
		} else {
			fmt.Fprintf(b.w, "  %-30s %s\x1b[K\n", b.names[i], bar(st[0], st[1]))
		}
		b.lines++
	}
	if b.status != "" {
		fmt.Fprintf(b.w, "  %s\x1b[K\n", b.status)
		b.lines++
	}
}

// clear moves back over the live part and erases it.
func (b *board) clear() {
	if b.lines > 0 {
		fmt.Fprintf(b.w, "\x1b[%dA\x1b[J", b.lines)
		b.lines = 0
	}
}

const barWidth = 24

// bar draws how much of a file is sent: "[======      ]  25%  1 MB / 4 MB".
func bar(sent, total int64) string {
	pct := percent(sent, total)
	filled := pct * barWidth / 100
	return fmt.Sprintf("[%s%s] %3d%%  %s / %s", strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled),
		pct, megabytes(sent), megabytes(total))
}

func percent(sent, total int64) int { return int(min(max(sent*100/total, 0), 100)) }

func megabytes(n int64) string { return media.FileSize(n) }

// progressBar draws one line of upload progress on a terminal and nothing elsewhere,
// so that logs of a script stay clean. update is called from the transport's
// goroutine, hence the mutex; it redraws only when the percentage moves.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer // nil when not a terminal
	name  string
	last  int
	drawn bool
}

func newProgressBar(w io.Writer, tty bool, path string) *progressBar {
	b := &progressBar{name: shortName(path), last: -1}
	if tty {
		b.w = w
	}
	return b
}

func (b *progressBar) update(sent, total int64) {
	if b.w == nil || total <= 0 {
		return
	}
	pct := percent(sent, total)
	b.mu.Lock()
	defer b.mu.Unlock()
	if pct == b.last {
		return
	}
	b.last, b.drawn = pct, true
	fmt.Fprintf(b.w, "\r%-30s %s", b.name, bar(sent, total))
}

// done ends the bar's line, so what follows starts on a fresh one.
func (b *progressBar) done() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprintln(b.w)
		b.drawn = false
	}
}
