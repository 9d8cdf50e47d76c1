package upload

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// workers is how many photos are in flight at once, as in the app: enough to keep an
// uplink busy while one is shrunk, few enough to keep memory bounded (the client
// shrinks one photo at a time whatever this number).
const workers = 3

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
	File   string             `json:"file"`
	OK     bool               `json:"ok"`
	URL    string             `json:"url,omitempty"`
	URLWM  string             `json:"url_wm,omitempty"`
	Width  int                `json:"width,omitempty"`
	Height int                `json:"height,omitempty"`
	Error  *cmdutil.ErrorBody `json:"error,omitempty"`
}

func (o photoOutcome) json() photoJSON {
	j := photoJSON{File: o.File, OK: o.Err == nil}
	if o.Err != nil {
		j.Error = &cmdutil.ErrorBody{Code: cmdutil.ErrorCode(o.Err), Message: o.Err.Error()}
		return j
	}
	j.URL, j.URLWM, j.Width, j.Height = o.Result.URL, o.Result.URLWM, o.Result.Width, o.Result.Height
	return j
}

// stopsTheRest reports whether err will fail every other upload the same way, so the
// files not yet sent are not sent: the key, its scope, or the day's budget.
func stopsTheRest(err error) bool {
	return api.IsAuth(err) || api.IsScope(err) || api.IsDailyLimit(err) || errors.Is(err, context.Canceled)
}

// uploadPhotos sends the checked files workers at a time, each within the key's
// budget, and returns one outcome per file in the order given. A failure of one file
// does not stop the others, unless it would fail them all.
func uploadPhotos(ctx context.Context, c *api.Client, paths []string, b *board) []photoOutcome {
	out := make([]photoOutcome, len(paths))
	var mu sync.Mutex
	var stop error
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(paths)) {
		wg.Go(func() {
			for i := range next {
				mu.Lock()
				stopped := stop
				mu.Unlock()
				out[i].File = paths[i]
				if stopped != nil {
					out[i].Err = fmt.Errorf("not sent: %w", stopped)
					b.finish(i, out[i])
					continue
				}
				b.start(i)
				res, err := cmdutil.RetryWrite(ctx, func(ctx context.Context) (*api.PhotoResult, error) {
					return c.UploadPhoto(ctx, paths[i], func(sent, total int64) { b.progress(i, sent, total) })
				})
				out[i].Result, out[i].Err, out[i].Sent = res, err, true
				if err != nil {
					out[i].Err = cmdutil.Explain(err)
					if stopsTheRest(err) {
						mu.Lock()
						if stop == nil {
							stop = err
						}
						mu.Unlock()
					}
				}
				b.finish(i, out[i])
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

// reportPhotos prints the outcomes and returns the error of the command: nil when
// every photo was uploaded, else one that counts the failures and carries the first.
func reportPhotos(w io.Writer, outcomes []photoOutcome, asJSON bool) error {
	var first error
	failed := 0
	for _, o := range outcomes {
		if o.Err != nil {
			failed++
			if first == nil {
				first = o.Err
			}
		}
	}
	if asJSON {
		js := make([]photoJSON, len(outcomes))
		for i, o := range outcomes {
			js[i] = o.json()
		}
		if err := cmdutil.PrintJSON(w, js); err != nil {
			return err
		}
	} else if failed < len(outcomes) {
		t := cmdutil.NewTable(w)
		t.Row(i18n.T("cli.col.file"), "URL", "URL_WM", i18n.T("cli.col.size"))
		for _, o := range outcomes {
			if o.Err == nil {
				t.Row(o.File, o.Result.URL, o.Result.URLWM, fmt.Sprintf("%dx%d", o.Result.Width, o.Result.Height))
			}
		}
		if err := t.Flush(); err != nil {
			return err
		}
	}
	if first == nil {
		return nil
	}
	if len(outcomes) == 1 {
		return first
	}
	return cmdutil.Say(first, func(p *i18n.Printer) string {
		return p.N("cli.upload.failed", len(outcomes), "N", failed, "Total", len(outcomes), "First", cmdutil.MessageIn(p, first))
	})
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
