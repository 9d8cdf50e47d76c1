package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

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

// photoJSON is one element of upload photo --json.
type photoJSON struct {
	File   string `json:"file"`
	URL    string `json:"url"`
	URLWM  string `json:"url_wm"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

func newUploadPhotoCmd(g *globals) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "photo FILE...",
		Short: "Upload photos (JPG, PNG, WebP, HEIC; at most 12 MB each)",
		Long: `Upload photos one after another. Every file is checked first (format by content,
size); if any fails, nothing is uploaded (exit 2). A JPG, PNG or WebP that is very large is
shrunk locally to 1600 px first, since the service would resize it anyway.

A progress bar is drawn on stderr when it is a terminal. Prints a table of file, url,
url_wm and size; with --json an array of {"file", "url", "url_wm", "width", "height"}.
If an upload fails, the photos already uploaded are still printed and the exit code
is not 0.`,
		Example: `  listings upload photo front.jpg back.jpg
  listings upload photo *.jpg --json | jq '{photos: map(.url), photos_wm: map(.url_wm)}'`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			var problems []string
			for _, path := range args {
				if _, err := api.CheckPhoto(path); err != nil {
					problems = append(problems, err.Error())
				}
			}
			if len(problems) > 0 {
				return usageErrorf("nothing was uploaded: %s", strings.Join(problems, "; "))
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			results := make([]photoJSON, 0, len(args))
			var failed error
			for _, path := range args {
				bar := newProgressBar(cmd.ErrOrStderr(), path)
				res, err := s.Client.UploadPhoto(cmd.Context(), path, bar.update)
				bar.done()
				if err != nil {
					failed = fmt.Errorf("%s: %w", path, explain(err))
					break
				}
				results = append(results, photoJSON{path, res.URL, res.URLWM, res.Width, res.Height})
			}
			if failed != nil && len(results) < len(args) && len(results) > 0 {
				failed = fmt.Errorf("%w (uploaded %d of %d photos; their URLs are printed)", failed, len(results), len(args))
			}
			if asJSON {
				if err := printJSON(cmd.OutOrStdout(), results); err != nil {
					return err
				}
				return failed
			}
			if len(results) > 0 {
				tw := newTable(cmd.OutOrStdout())
				row(tw, "FILE", "URL", "URL_WM", "SIZE")
				for _, r := range results {
					row(tw, r.File, r.URL, r.URLWM, fmt.Sprintf("%dx%d", r.Width, r.Height))
				}
				_ = tw.Flush()
			}
			return failed
		},
	}
	addJSONFlag(cmd, &asJSON)
	return cmd
}

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
