package crash

import (
	"context"
	"errors"
	"runtime/debug"

	tea "github.com/charmbracelet/bubbletea"
)

// Report says where a crash report goes and what it must not contain.
type Report struct {
	Dir     string // "" means <user cache dir>/listings
	Version string
	// Secrets are the keys to redact, asked for only after a crash: a login adds
	// one while the app runs.
	Secrets func() []string
}

// Run runs model as a Bubble Tea program with opts, under the guard, until it quits,
// ctx ends or it panics; after a panic it returns an *Error once the terminal is
// restored.
func Run(ctx context.Context, model tea.Model, r Report, opts ...tea.ProgramOption) (err error) {
	rec := &recorder{}
	opts = append([]tea.ProgramOption{tea.WithContext(ctx)}, opts...)
	opts = append(opts, tea.WithoutCatchPanics())
	p := tea.NewProgram(guard{inner: model, rec: rec}, opts...)
	rec.send = p.Send

	report := func() error {
		var secrets []string
		if r.Secrets != nil {
			secrets = r.Secrets()
		}
		path, werr := rec.writeReport(r.Dir, r.Version, secrets)
		return &Error{Path: path, Err: werr}
	}
	defer func() {
		// The last resort: a panic inside Bubble Tea itself skipped its shutdown.
		if v := recover(); v != nil {
			rec.record(v, debug.Stack())
			_ = p.ReleaseTerminal()
			err = report()
		}
	}()

	_, runErr := p.Run()
	if rec.crashed() {
		return report()
	}
	if runErr != nil && errors.Is(runErr, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	return runErr
}
