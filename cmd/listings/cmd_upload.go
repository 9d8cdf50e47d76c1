package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
)

func newUploadCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "upload",
		Short: "Upload photos or a video for a listing",
		Long: `Upload media to the service's media store. The URLs printed go into the create or
edit body: photo url values into photos, url_wm values into photos_wm (same order),
the video url into video_url and its thumbnail into video_thumbnail.`,
	}
	cmd.AddCommand(newUploadPhotoCmd(g), newUploadVideoCmd(g))
	return cmd
}

func newUploadPhotoCmd(g *globals) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "photo FILE...",
		Short: "Upload photos (JPG, PNG, WebP, HEIC; at most 12 MB each)",
		Long: `Upload photos, three at a time, as fast as the key's request budget allows (a
long run says on stderr how long the budget makes it take). Every file is checked first
(format by content, size); a file that fails the check is not sent, and the others are.
A JPG, PNG or WebP that is very large is shrunk locally to 1600 px first, since the
service would resize it anyway; one photo at a time is shrunk, so memory stays small
however many there are.

Every file gets its result: a failure of one does not stop the others, except a failure
that would fail them all (the key, its scope, the day's budget), after which the files
not yet sent are reported as not sent. On a terminal, stderr shows a line per file.
Prints a table of file, url, url_wm and size for the photos uploaded (failures on
stderr); with --json an array with one object per file, in the order given:
  {"file", "ok": true, "url", "url_wm", "width", "height"}  or
  {"file", "ok": false, "error": {"code", "message"}}
The exit code is 0 only when every photo was uploaded; otherwise it is that of the
first failure (2 for a file refused before sending).`,
		Example: `  listings upload photo front.jpg back.jpg
  listings upload photo *.jpg --json | jq '[.[] | select(.ok)] | {photos: map(.url), photos_wm: map(.url_wm)}'`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runUploadPhotos(cmd, g, args, asJSON)
		},
	}
	addJSONFlag(cmd, &asJSON)
	return cmd
}

func runUploadPhotos(cmd *cobra.Command, g *globals, args []string, asJSON bool) error {
	outcomes := make([]photoOutcome, len(args))
	var send []string
	var at []int
	for i, path := range args {
		outcomes[i].File = path
		if _, err := api.CheckPhoto(path); err != nil {
			outcomes[i].Err = &usageError{fmt.Errorf("not sent: %w", err)}
			if len(args) > 1 {
				fmt.Fprintf(cmd.ErrOrStderr(), "✗ %s\n", oneLine(outcomes[i].Err.Error()))
			}
			continue
		}
		send, at = append(send, path), append(at, i)
	}
	stderr := cmd.ErrOrStderr()
	if len(send) > 0 {
		s, err := g.newSession(cmd)
		if err != nil {
			return err
		}
		ctx := cmd.Context()
		s.learnLimits(ctx, len(send))
		if d, fits := estimate(s.Client.Budget(), len(send), time.Now()); d >= longWait || !fits {
			say := fmt.Sprintf("%d photos: %d requests, about %s under the key's %d requests a minute",
				len(send), len(send), roundWait(d), s.Client.Budget().PerMinute)
			if !fits {
				say += "; more than is left of the day's budget, so the rest stops at the daily limit"
			}
			fmt.Fprintf(stderr, "listings: %s\n", say)
		}
		board := newUploadBoard(stderr, isTerminal(stderr), send)
		for k, o := range uploadPhotos(api.OnWait(ctx, board.onWait), s.Client, send, board) {
			outcomes[at[k]] = o
		}
		board.clear()
	}
	return reportPhotos(cmd.OutOrStdout(), outcomes, asJSON)
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
		if err := printJSON(w, js); err != nil {
			return err
		}
	} else if failed < len(outcomes) {
		tw := newTable(w)
		row(tw, "FILE", "URL", "URL_WM", "SIZE")
		for _, o := range outcomes {
			if o.Err == nil {
				row(tw, o.File, o.Result.URL, o.Result.URLWM, fmt.Sprintf("%dx%d", o.Result.Width, o.Result.Height))
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if first == nil {
		return nil
	}
	if len(outcomes) == 1 {
		return first
	}
	return &wrapped{fmt.Sprintf("%d of %d photos failed (each is listed above); the first: %s",
		failed, len(outcomes), first.Error()), first}
}

// wrapped is an error with a message of its own that keeps the cause for errors.As,
// so the exit code is the cause's.
type wrapped struct {
	msg string
	err error
}

func (e *wrapped) Error() string { return e.msg }
func (e *wrapped) Unwrap() error { return e.err }

func newUploadVideoCmd(g *globals) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "video FILE",
		Short: "Upload a video (MP4, MOV, WebM; at most 50 MB and 60 s)",
		Long: `Upload one video, checked first for format, size and duration (exit 2 if it fails,
nothing sent). A progress bar is
drawn on stderr when it is a terminal. Prints url and thumbnail; with --json
{"file", "url", "thumbnail"}.`,
		Example: `  listings upload video walkaround.mp4`,
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if _, err := api.CheckVideo(path); err != nil {
				return &usageError{fmt.Errorf("nothing was uploaded: %w", err)}
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			bar := newProgressBar(cmd.ErrOrStderr(), path)
			res, err := s.Client.UploadVideo(cmd.Context(), path, bar.update)
			bar.done()
			if err != nil {
				return fmt.Errorf("%s: %w", path, explain(err))
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), struct {
					File      string `json:"file"`
					URL       string `json:"url"`
					Thumbnail string `json:"thumbnail"`
				}{path, res.URL, res.Thumbnail})
			}
			tw := newTable(cmd.OutOrStdout())
			row(tw, "url", res.URL)
			row(tw, "thumbnail", res.Thumbnail)
			return tw.Flush()
		},
	}
	addJSONFlag(cmd, &asJSON)
	return cmd
}

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

func newProgressBar(w io.Writer, path string) *progressBar {
	b := &progressBar{name: truncate(filepath.Base(path), 30), last: -1}
	if isTerminal(w) {
		b.w = w
	}
	return b
}

const barWidth = 24

func (b *progressBar) update(sent, total int64) {
	if b.w == nil || total <= 0 {
		return
	}
	pct := int(min(max(sent*100/total, 0), 100))
	b.mu.Lock()
	defer b.mu.Unlock()
	if pct == b.last {
		return
	}
	b.last, b.drawn = pct, true
	filled := pct * barWidth / 100
	fmt.Fprintf(b.w, "\r%-30s [%s%s] %3d%%  %s / %s", b.name,
		strings.Repeat("=", filled), strings.Repeat(" ", barWidth-filled), pct, megabytes(sent), megabytes(total))
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

func megabytes(n int64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
