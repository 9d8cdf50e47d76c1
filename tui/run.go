package tui

import (
	"context"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/tui/browser"
	"github.com/listings-tui/listings/tui/crash"
	"github.com/listings-tui/listings/tui/termimg"
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
	// The palette is set before any view is built: views keep styles they derive.
	theme.Use(theme.PaletteOf(opts.Theme, func() bool { return darkBackground(opts.Output) }))
	if opts.Painter == nil {
		opts.Painter, opts.Input = photoPainter(opts)
		defer func() { _ = opts.Painter.Close() }()
	}
	m := New(opts)
	m.watchSaving = true
	switch {
	case opts.Painter != nil:
		m.bell = opts.Painter // through its lock, never inside a frame or a picture
	case opts.Output != nil:
		m.bell = opts.Output
	default:
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
	switch {
	case opts.Painter != nil:
		popts = append(popts, tea.WithOutput(opts.Painter.Output()))
	case opts.Output != nil:
		popts = append(popts, tea.WithOutput(opts.Output))
	}
	return popts
}

// photoPainter returns the painter that is the program's output, nil where only
// half-blocks can be drawn, so that nothing stands between the renderer and the
// terminal there. In a terminal that may draw pictures it asks the terminal once the
// program has it, and returns the input the program reads instead of stdin: stdin
// without the answers (termimg.Detector). It asks only the real terminal: with Input
// or Output given (tests) only a protocol the setting names.
func photoPainter(opts Options) (*termimg.Painter, io.Reader) {
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	in, out := os.Stdin, os.Stdout
	var w io.Writer = os.Stdout
	if opts.Input != nil || opts.Output != nil {
		in, out = nil, nil
		w = opts.Output
	}
	caps, detect := termimg.Detect(opts.Photos, getenv, in, out, termimg.DefaultTimeout)
	switch {
	case detect != nil:
		return termimg.NewDetectingPainter(w, detect), detect.Input(in)
	case caps.Protocol == termimg.Blocks || w == nil:
		return nil, opts.Input
	}
	return termimg.NewPainter(w, caps), opts.Input
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
