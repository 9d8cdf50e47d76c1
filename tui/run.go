package tui

import (
	"context"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

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
	var storeErr error
	if opts.WatchStore == nil && opts.WatchPath != "" {
		opts.WatchStore, storeErr = watch.OpenService(opts.WatchPath, opts.BaseURL, opts.Key)
	}
	// The palette is set before any view is built: views keep styles they derive.
	theme.Use(theme.PaletteOf(opts.Theme, func() bool { return darkBackground(opts.Output) }))
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
	return crash.Run(ctx, m, crash.Report{Dir: opts.CrashDir, Version: opts.Version, Secrets: m.shared.keys.List}, programOptions(opts)...)
}

// programOptions are how the program takes the terminal. The mouse is reported (cell
// motion: clicks, the wheel, drags; not every move) unless the user keeps it for the
// terminal's own selection of text, which reporting would take over.
func programOptions(opts Options) []tea.ProgramOption {
	popts := []tea.ProgramOption{
		tea.WithAltScreen(),
		tea.WithReportFocus(), // a decision nudges only when the user is not looking
	}
	if !opts.NoMouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	if opts.Input != nil {
		popts = append(popts, tea.WithInput(opts.Input))
	}
	if opts.Output != nil {
		popts = append(popts, tea.WithOutput(opts.Output))
	}
	return popts
}

// darkBackground is the terminal's background, for the auto theme. It is not asked
// here: Bubble Tea's init already asked it through lipgloss, for any program of ours,
// before the terminal is taken (bubbletea's tea_init.go), and lipgloss keeps the
// answer; asking again (termenv.HasDarkBackground, another output) would send the
// terminal a second question. termenv asks only a terminal in the foreground, not
// under tmux or screen (it reads COLORFGBG there), follows the question with a cursor
// report every terminal answers, and gives up after termenv.OSCTimeout; its default
// is dark. A test's output is not the terminal: dark.
func darkBackground(out io.Writer) bool {
	if out != nil {
		return true
	}
	return lipgloss.HasDarkBackground()
}
