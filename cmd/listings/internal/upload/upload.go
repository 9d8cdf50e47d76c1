// Package upload owns `listings upload photo` and `listings upload video`: media sent
// to the service's store for the URLs a create or edit body takes, with the checks
// made before sending, the photos' workers and what a terminal sees of their progress.
package upload

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// NewCmd returns the `listings upload` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "upload",
		Short: "Upload photos or a video for a listing",
		Long: `Upload media to the service's media store. The URLs printed go into the create or
edit body: photo url values into photos, url_wm values into photos_wm (same order),
the video url into video_url and its thumbnail into video_thumbnail.`,
	}
	cmd.AddCommand(newCmdPhoto(f), newCmdVideo(f))
	return cmd
}

func newCmdPhoto(f *cmdutil.Factory) *cobra.Command {
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

Photos leave without their location and camera data: GPS, camera serial numbers, the
owner's name, maker notes, XMP, IPTC, comments and embedded thumbnails are removed
(JPEG segments, PNG and WebP chunks dropped, a HEIC's Exif and XMP items blanked in
place) without re-encoding a pixel, and the orientation is kept. A HEIC whose
metadata cannot be reached is refused. --keep-metadata (or "media": {"keep_metadata":
true} in the config) sends every photo as it is, unshrunk when within 12 MB.

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
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPhotos(cmd, f, args, asJSON)
		},
	}
	cmdutil.AddKeepMetadataFlag(cmd, f)
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

func runPhotos(cmd *cobra.Command, f *cmdutil.Factory, args []string, asJSON bool) error {
	stderr := f.IOStreams.ErrOut
	outcomes := make([]photoOutcome, len(args))
	var send []string
	var at []int
	for i, path := range args {
		outcomes[i].File = path
		if _, err := api.CheckPhoto(path); err != nil {
			outcomes[i].Err = &cmdutil.UsageError{Err: fmt.Errorf("not sent: %w", err)}
			if len(args) > 1 {
				fmt.Fprintf(stderr, "✗ %s\n", oneLine(outcomes[i].Err.Error()))
			}
			continue
		}
		send, at = append(send, path), append(at, i)
	}
	if len(send) > 0 {
		s, err := f.Session(cmd.Context())
		if err != nil {
			return err
		}
		ctx := cmd.Context()
		s.LearnLimits(ctx, len(send))
		if d, fits := cmdutil.Estimate(s.Client.Budget(), len(send), time.Now()); d >= cmdutil.LongWait || !fits {
			say := i18n.N("cli.upload.estimate", len(send), "N", len(send), "Wait", format.Wait(d), "PerMinute", s.Client.Budget().PerMinute)
			if !fits {
				say += i18n.T("cli.ls.reading_past_day")
			}
			fmt.Fprintf(stderr, "listings: %s\n", say)
		}
		board := newBoard(stderr, f.IOStreams.IsStderrTTY, send)
		for k, o := range uploadPhotos(api.OnWait(ctx, board.onWait), s.Client, send, board) {
			outcomes[at[k]] = o
		}
		board.clear()
	}
	return reportPhotos(f.IOStreams.Out, outcomes, asJSON)
}

func newCmdVideo(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "video FILE",
		Short: "Upload a video (MP4, MOV, WebM; at most 50 MB and 60 s)",
		Long: `Upload one video, checked first for format, size and duration (exit 2 if it fails,
nothing sent). A progress bar is
drawn on stderr when it is a terminal. Prints url and thumbnail; with --json
{"file", "url", "thumbnail"}.`,
		Example: `  listings upload video walkaround.mp4`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if _, err := api.CheckVideo(path); err != nil {
				return &cmdutil.UsageError{Err: fmt.Errorf("nothing was uploaded: %w", err)}
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			bar := newProgressBar(f.IOStreams.ErrOut, f.IOStreams.IsStderrTTY, path)
			res, err := cmdutil.RetryWrite(cmd.Context(), func(ctx context.Context) (*api.VideoResult, error) {
				return s.Client.UploadVideo(ctx, path, bar.update)
			})
			bar.done()
			if err != nil {
				return fmt.Errorf("%s: %w", path, cmdutil.Explain(err))
			}
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, struct {
					File      string `json:"file"`
					URL       string `json:"url"`
					Thumbnail string `json:"thumbnail"`
				}{path, res.URL, res.Thumbnail})
			}
			t := cmdutil.NewTable(f.IOStreams.Out)
			t.Row(i18n.T("cli.show.url"), res.URL)
			t.Row(i18n.T("cli.upload.thumbnail"), res.Thumbnail)
			return t.Flush()
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}
