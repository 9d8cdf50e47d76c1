package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/internal/i18n"
)

// The commands that run a job (the many-listing commands, import, export --detail,
// and `listings jobs resume`, retry and undo) run it here: its progress line, the
// pause rule on Ctrl+C (api/jobs/job: the requests written are answered and journaled,
// the rest left for a resume), and the command's error after it.

// RunJob carries out what is left of j through svc (s's client, or one over it),
// with its progress line under the client's budget.
func RunJob(ctx context.Context, f *Factory, s *Session, svc job.Service, j job.Job, labels JobLabels) error {
	done, failed, left := j.Counts()
	ctx, progress := NewJobProgress(ctx, f, s.Client, labels, done+failed+left, left, j.PerItem())
	progress.Update(done, failed, left)
	err := j.Run(ctx, svc, func(job.Item) { progress.Update(j.Counts()) })
	progress.Done()
	return err
}

// JobEnd is a job command's error after its run, nil when the run ended well (its
// items' failures are the caller's to count): interrupted by Ctrl+C, stopped for a
// reason that stops every item (the key, the day's budget), or another error. resume
// is the command that carries on.
func JobEnd(f *Factory, ctx context.Context, runErr error, resume string) error {
	var stopped *job.ErrStopped
	switch {
	case ctx.Err() != nil || errors.Is(runErr, context.Canceled):
		// The error line of an interrupted command is only "interrupted": the way
		// on is said here.
		fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.job.interrupted", "Resume", resume))
		return NewError("interrupted: the requests in flight were answered; the rest is left: "+resume, context.Canceled)
	case errors.As(runErr, &stopped):
		e := Explain(stopped.Cause)
		return Say(stopped.Cause, func(p *i18n.Printer) string {
			return MessageIn(p, e) + "\n" + p.T("cli.job.stopped", "Resume", resume)
		})
	case runErr != nil:
		return Explain(runErr)
	}
	return nil
}

// SameService refuses to carry on a job on another service than the one it was
// started on: its listings' ids mean nothing there.
func SameService(info *job.Info, s *Session) error {
	if b := info.BaseURL; b != "" && strings.TrimRight(b, "/") != strings.TrimRight(s.BaseURL, "/") {
		return Fail(nil, "cli.job.other_service", "Job", info.Job, "Was", b, "Now", s.BaseURL)
	}
	return nil
}
