package sheetcmd

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/export"
	"github.com/listings-tui/listings/api/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/api/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/listing"
	"github.com/listings-tui/listings/tui/termtext"
)

// runDetail reads the list, says the plan and, unless --dry-run, journals a new job
// and carries it out. With a fresh mirror the list is its rows and the details it
// keeps unchanged are journaled as fetched.
func (o *exportOptions) runDetail(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, ft sheet.Format) error {
	var (
		items []bulk.Planned
		pages int
		kept  map[int]*api.ListingFull
		err   error
	)
	m := o.openMirror(ctx, f, s)
	if m != nil {
		defer m.db.Close()
		rows, err := m.rows(ctx, o.status)
		if err != nil {
			return err
		}
		items = make([]bulk.Planned, len(rows))
		for i := range rows {
			items[i] = bulk.Planned{ID: rows[i].ID, Title: rows[i].Title}
		}
		m.saidList(f, len(items))
		kept = m.details(ctx, s.Lang, items)
		fmt.Fprintf(f.IOStreams.ErrOut, "details from the local mirror (unchanged since it kept them): %s of %s, %s saved\n",
			format.Number(len(kept)), format.Number(len(items)), format.Requests(len(kept)))
	} else if items, pages, err = o.items(ctx, f, s); err != nil {
		return err
	}
	plan := export.MakePlan(len(items), len(kept), s.Client.Budget(), time.Now())
	if o.dryRun {
		out := f.IOStreams.Out
		if m == nil {
			fmt.Fprintf(out, "the list: %s (read)\n", bulk.Cost(pages, 0, true, 1))
		}
		for _, l := range plan.Summary() {
			fmt.Fprintln(out, l)
		}
		return nil
	}
	if len(items) == 0 {
		// No job for nothing: an empty sheet with the detail's columns.
		out, err := openOutput(f, o.output)
		if err != nil {
			return err
		}
		defer out.abort()
		w, err := sheet.NewWriter(out.w, ft, export.Columns(nil))
		if err == nil {
			err = w.Close()
		}
		if err == nil {
			err = out.commit()
		}
		if err == nil {
			o.wrote(f, 0, ft)
		}
		return err
	}
	dir, err := listing.JobsDir(f.Getenv)
	if err != nil {
		return err
	}
	h := export.Header{Created: time.Now(), BaseURL: s.BaseURL, Items: items,
		Export: export.Options{Format: ft, Output: absPath(o.output), Status: o.status, Lang: s.Lang}}
	j, err := export.CreateJob(dir, time.Now(), h)
	if err != nil {
		return err
	}
	defer j.Close()
	fmt.Fprintf(f.IOStreams.ErrOut, "job %s (journal %s)\n", j.Head.Job, j.Path)
	var db *mirror.DB
	if m != nil {
		if err := journalKept(j, items, kept); err != nil {
			return err
		}
		db = m.db
	}
	return finishExport(ctx, f, s, j, plan, db)
}

// ResumeExport carries on the export journaled at path: it fetches the details still
// missing and writes the whole file, as the job was started (its file, format, status
// and language). `listings export --resume` and `listings jobs resume` both end here.
func ResumeExport(ctx context.Context, f *cmdutil.Factory, path string) error {
	j, err := export.Open(path)
	if err != nil {
		return cmdutil.NewError(err.Error(), err)
	}
	defer j.Close()
	ft := j.Head.Export.Format
	if err := refuseTerminal(f, ft, j.Head.Export.Output); err != nil {
		return err
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	if b := j.Head.BaseURL; b != "" && strings.TrimRight(b, "/") != strings.TrimRight(s.BaseURL, "/") {
		return cmdutil.NewError(fmt.Sprintf("export %s was started on %s, not %s: resume it there (--base-url or --profile)", j.Head.Job, b, s.BaseURL), nil)
	}
	done, _, _ := j.Counts()
	plan := export.MakePlan(len(j.Head.Items), done, s.Client.Budget(), time.Now())
	fmt.Fprintf(f.IOStreams.ErrOut, "job %s: export of %s listings\n", j.Head.Job, format.Number(len(j.Head.Items)))
	db, err := f.OpenMirror(ctx, &cmdutil.Target{Profile: s.Profile, BaseURL: s.BaseURL}, false)
	if err != nil {
		db = nil // no mirror to keep the details in
	} else {
		defer db.Close()
	}
	return finishExport(ctx, f, s, j, plan, db)
}

// finishExport says the plan, fetches what is left with a progress line (each detail
// kept in db, the mirror, when there is one), and writes the file from the journal.
// Stopped (Ctrl+C, the day's budget, the key), it writes nothing and says how to
// resume.
func finishExport(ctx context.Context, f *cmdutil.Factory, s *cmdutil.Session, j *export.Journal, plan export.Plan,
	db *mirror.DB) error {
	errOut := f.IOStreams.ErrOut
	for _, l := range plan.Summary() {
		fmt.Fprintln(errOut, termtext.Clean(l))
	}
	s.LearnLimits(ctx, plan.Requests)
	done, failed, left := j.Counts()
	ctx, progress := cmdutil.NewJobProgress(ctx, f, s.Client, cmdutil.JobLabels{What: "details", Done: "fetched", Failed: "gone"},
		len(j.Head.Items), left, 1)
	progress.Update(done, failed, left)
	// Ctrl+C gives up a wait for the budget at once; a request on its way is dropped
	// and fetched again on resume (a GET changes nothing).
	stopWaits := context.AfterFunc(ctx, s.Client.AbandonWaits)
	defer stopWaits()
	var g bulk.Getter = s.Client
	if db != nil {
		g = keeping{Getter: s.Client, db: db}
	}
	err := export.Fetch(ctx, g, j, func(int) { progress.Update(j.Counts()) })
	progress.Done()
	var stopped *bulk.ErrStopped
	switch {
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		// The error line of an interrupted command is only "interrupted": the way on
		// is said here.
		msg := "what was fetched is kept; the rest, and the file: listings export --resume " + j.Head.Job
		fmt.Fprintln(errOut, msg)
		return cmdutil.NewError("interrupted: "+msg, context.Canceled)
	case errors.As(err, &stopped):
		e := cmdutil.Explain(stopped.Cause)
		return cmdutil.NewError(e.Error()+"\nthe export stopped with what was fetched kept; nothing was written. "+
			"The rest, and the file: listings export --resume "+j.Head.Job, stopped.Cause)
	case err != nil:
		return cmdutil.Explain(err)
	}
	failed = 0
	for _, r := range j.Failures() {
		if r.Code != export.CodeGone {
			failed++
		}
		fmt.Fprintf(errOut, "listings: listing %d left out: %s\n", r.ID, termtext.Clean(strings.TrimSpace(r.Code+": "+r.Hint)))
	}
	o := exportOptions{output: j.Head.Export.Output}
	out, err := openOutput(f, o.output)
	if err != nil {
		return err
	}
	defer out.abort()
	n, err := j.Write(out.w, j.Head.Export.Format)
	if err != nil {
		return cmdutil.NewError(fmt.Sprintf("%v\nthe details stay in the journal: listings export --resume %s writes the file again", err, j.Head.Job), err)
	}
	if err := out.commit(); err != nil {
		return err
	}
	o.wrote(f, n, j.Head.Export.Format)
	if failed > 0 {
		// The file holds the others; what failed is tried again by a resume.
		return cmdutil.NewError(fmt.Sprintf("%d listings could not be read and are not in the file; "+
			"listings export --resume %s tries them again and writes the file whole", failed, j.Head.Job), nil)
	}
	return nil
}
