package sheetcmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
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
		fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.export.details_kept", len(items), "Kept", format.Number(len(kept)),
			"Total", format.Number(len(items)), "Saved", i18n.N("count.requests", len(kept))))
	} else if items, pages, err = o.items(ctx, f, s); err != nil {
		return err
	}
	plan := export.MakePlan(len(items), len(kept), s.Client.Budget(), time.Now())
	if o.dryRun {
		out := f.IOStreams.Out
		if m == nil {
			fmt.Fprintln(out, planWords(job.Because("export.list", "Cost", job.CostWhy(pages, 0, true, 1))))
		}
		for _, l := range plan.SummaryIn(planWords) {
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
	dir, err := cmdutil.JobsDir(f.Getenv)
	if err != nil {
		return err
	}
	h := export.Header{Info: job.Info{Created: time.Now(), BaseURL: s.BaseURL}, Items: items,
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
	if err := CheckJobFile(f, j); err != nil {
		return err
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	if err := cmdutil.SameService(&j.Head.Info, s); err != nil {
		return err
	}
	done, _, _ := j.Counts()
	plan := export.MakePlan(len(j.Head.Items), done, s.Client.Budget(), time.Now())
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.N("cli.export.job", len(j.Head.Items), "Job", j.Head.Job, "N", format.Number(len(j.Head.Items))))
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
	for _, l := range plan.SummaryIn(planWords) {
		fmt.Fprintln(errOut, termtext.Clean(l))
	}
	s.LearnLimits(ctx, plan.Requests)
	var svc job.Service = s.Client
	if db != nil {
		svc = keeping{Service: s.Client, db: db}
	}
	err := cmdutil.RunJob(ctx, f, s, svc, j, cmdutil.JobLabels{What: i18n.T("cli.job.details"), Done: i18n.T("cli.job.fetched"), Failed: i18n.T("cli.job.gone")})
	if err := cmdutil.JobEnd(f, ctx, err, "listings export --resume "+j.Head.Job+" (what was fetched is kept; the file is written then)"); err != nil {
		return err
	}
	failed := 0
	for _, r := range j.Failures() {
		if r.Code != export.CodeGone {
			failed++
		}
		fmt.Fprintf(errOut, "listings: %s\n", i18n.T("cli.job.left_out", "ID", r.ID, "Why", termtext.Clean(strings.TrimSpace(r.Code+": "+r.Hint))))
	}
	if _, err := WriteJobFile(f, j); err != nil {
		return err
	}
	if failed > 0 {
		// The file holds the others; what failed is tried again by a resume.
		return cmdutil.Say(nil, func(p *i18n.Printer) string {
			return p.N("cli.export.unread", failed, "N", failed, "Job", j.Head.Job)
		})
	}
	return nil
}

// CheckJobFile refuses before its run a job whose file cannot go where it says (an
// XLSX to a terminal).
func CheckJobFile(f *cmdutil.Factory, fl job.Filer) error {
	if fl.Binary() {
		return refuseTerminal(f, sheet.XLSX, fl.Output())
	}
	return nil
}

// WriteJobFile writes the file of a job that makes one (an export: job.Filer) where
// it says, whole or not at all, and says so on stderr. It returns the rows written.
func WriteJobFile(f *cmdutil.Factory, fl job.Filer) (int, error) {
	o := exportOptions{output: fl.Output()}
	out, err := openOutput(f, o.output)
	if err != nil {
		return 0, err
	}
	defer out.abort()
	n, err := fl.WriteFile(out.w)
	if err != nil {
		return n, cmdutil.Say(err, func(p *i18n.Printer) string {
			return cmdutil.MessageIn(p, err) + "\n" + p.T("cli.export.in_journal")
		})
	}
	if err := out.commit(); err != nil {
		return n, err
	}
	ft := sheet.CSV // the format a job of another kind would say, were there one
	if e, ok := fl.(*export.Journal); ok {
		ft = e.Head.Export.Format
	}
	o.wrote(f, n, ft)
	return n, nil
}

// planWords says an export's plan in the language of the human text (the app's
// words for a job's plan: the jobs panel's entries).
func planWords(w rules.Why) string { return i18n.Reason("jobs.why.", w) }
