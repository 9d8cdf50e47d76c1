package tui

import (
	"context"
	"errors"
	"io"
	"os"
	"runtime/debug"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
	"github.com/listings-tui/listings/tui/watch"
)

// Run sets up the terminal and runs the app until the user quits, ctx ends or the
// app crashes (then it returns a *CrashError after the terminal is restored).
func Run(ctx context.Context, opts Options) error {
	var storeErr error
	if opts.WatchStore == nil && opts.WatchPath != "" {
		opts.WatchStore, storeErr = watch.OpenStore(opts.WatchPath)
	}
	if opts.Output == nil {
		// Ask the terminal for its background now: asking later, from inside the
		// program, can stall under tmux (field notes). lipgloss itself honours
		// NO_COLOR through termenv when it picks the colour profile.
		lipgloss.SetHasDarkBackground(termenv.HasDarkBackground())
	}
	m := New(opts)
	m.watchSaving = true
	if opts.Output != nil {
		m.bell = opts.Output
	} else {
		m.bell = os.Stdout
	}
	if storeErr != nil {
		m.setNotice(theme.WarningMark+" the watch list could not be read, it starts empty: "+termtext.Clean(storeErr.Error()), true)
	}
	defer m.shared.stopAll()
	// The watch list is written off the event loop; its last change must reach the disk.
	defer func() { _ = m.store.Flush() }()
	// Drafts are written in the background; the last change must reach the disk.
	defer func() { _ = m.saver.Flush() }()
	return runProgram(ctx, m, runConfig{
		input:    opts.Input,
		output:   opts.Output,
		crashDir: opts.CrashDir,
		version:  opts.Version,
		secrets:  m.shared.secrets,
	})
}

type runConfig struct {
	input    io.Reader
	output   io.Writer
	crashDir string
	version  string
	secrets  func() []string
	extra    []tea.ProgramOption // tests
}

// runProgram runs model under the crash guard (see crash.go).
func runProgram(ctx context.Context, model tea.Model, rc runConfig) (err error) {
	rec := &recorder{}
	opts := []tea.ProgramOption{
		tea.WithContext(ctx),
		tea.WithAltScreen(),
		tea.WithMouseCellMotion(),
		tea.WithReportFocus(), // a decision nudges only when the user is not looking
		tea.WithoutCatchPanics(),
	}
	if rc.input != nil {
		opts = append(opts, tea.WithInput(rc.input))
	}
	if rc.output != nil {
		opts = append(opts, tea.WithOutput(rc.output))
	}
	opts = append(opts, rc.extra...)
	p := tea.NewProgram(guard{inner: model, rec: rec}, opts...)
	rec.send = p.Send

	report := func() error {
		path, werr := rec.writeReport(rc.crashDir, rc.version, rc.secrets())
		return &CrashError{Path: path, Err: werr}
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
