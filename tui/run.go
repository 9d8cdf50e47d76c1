package tui

import (
	"context"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/crash"
	"github.com/listings-tui/listings/tui/termtext"
	"github.com/listings-tui/listings/tui/theme"
	"github.com/listings-tui/listings/tui/watch"
)

// CrashError is what Run returns after a panic, once the terminal is restored: where
// the report is (tui/crash writes it).
type CrashError = crash.Error

// Run sets up the terminal and runs the app until the user quits, ctx ends or the
// app crashes (then it returns a *CrashError after the terminal is restored).
func Run(ctx context.Context, opts Options) error {
	if opts.Mirror != nil && opts.Client != nil {
		// The first frame's read of the mirror, while the watch list is read, the
		// terminal asked and the views built (browser.Prefetch).
		opts.prefetched = browser.Prefetch(opts.Mirror)
	}
	var storeErr error
	if opts.WatchStore == nil && opts.WatchPath != "" {
		opts.WatchStore, storeErr = watch.OpenService(opts.WatchPath, opts.BaseURL, opts.Key)
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
	popts := []tea.ProgramOption{
		tea.WithAltScreen(),
		tea.WithMouseCellMotion(),
		tea.WithReportFocus(), // a decision nudges only when the user is not looking
	}
	if opts.Input != nil {
		popts = append(popts, tea.WithInput(opts.Input))
	}
	if opts.Output != nil {
		popts = append(popts, tea.WithOutput(opts.Output))
	}
	return crash.Run(ctx, m, crash.Report{Dir: opts.CrashDir, Version: opts.Version, Secrets: m.shared.keys.List}, popts...)
}
