package tui

import (
	"context"

	"github.com/listings-tui/listings/internal/i18n"
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
		opts.prefetched = browser.Prefetch(opts.Mirror) // while the rest is set up and built
	}
	opts.Defaults()
	var storeErr error
	if opts.WatchStore == nil && opts.WatchPath != "" {
		opts.WatchStore, storeErr = watch.OpenService(opts.WatchPath, opts.BaseURL, opts.Key)
	}
	// The palette is set before any view is built: views keep styles they derive.
	theme.Use(theme.PaletteOf(opts.Theme, func() bool { return theme.DarkBackground(opts.Output) }))
	if opts.Painter == nil {
		opts.Painter, opts.Input = termimg.ForProgram(opts.Photos, opts.Getenv, opts.Input, opts.Output)
		defer func() { _ = opts.Painter.Close() }()
	}
	opts.early = true // the first page's request leaves from New (browser/early.go)
	m := New(opts)
	m.watchSaving = true
	m.bell.Out = opts.Terminal()
	if storeErr != nil {
		m.setNotice(theme.WarningMark+" "+i18n.T("root.watch_unreadable", "Err", termtext.Clean(storeErr.Error())), true)
	}
	defer m.shared.StopAll()
	// The watch list and the drafts are written off the event loop; their last
	// changes must reach the disk.
	defer func() { _ = m.store.Flush() }()
	defer func() { _ = m.saver.Flush() }()
	return crash.Run(ctx, m, crash.Report{Dir: opts.CrashDir, Version: opts.Version, Secrets: m.shared.Keys.List}, opts.Program()...)
}
