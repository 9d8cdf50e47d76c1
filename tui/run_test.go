package tui

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// Run writes nothing to the process's stdout or stderr: the UI goes to the given
// output only.
func TestRunPrintsNothingToStdout(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	stdout, stderr := os.Stdout, os.Stderr
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	os.Stdout, os.Stderr = w, w
	defer func() { os.Stdout, os.Stderr = stdout, stderr }()

	out := runToFirstPage(t, f.options())
	os.Stdout, os.Stderr = stdout, stderr
	_ = w.Close()
	leaked, _ := io.ReadAll(r)
	if len(leaked) > 0 {
		t.Errorf("written to stdout/stderr while the UI ran: %q", leaked)
	}
	if !strings.Contains(out, "Ремонт квартир") {
		t.Error("the UI never drew the first page")
	}
}

// runToFirstPage runs the app on a pipe until it has drawn the first page, and is
// what it wrote to the terminal.
func runToFirstPage(t *testing.T, opts Options) string {
	t.Helper()
	out := &tuitest.SyncBuffer{}
	opts.Input, opts.Output, opts.CrashDir = tuitest.KeyThenWait(t, ""), out, t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, opts) }()
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(out.String(), "Ремонт квартир") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	return out.String()
}

// The mouse is reported to the app unless the config keeps it for the terminal's own
// text selection (tui.mouse false): then mouse reporting is never turned on.
func TestMouseOffLeavesTheMouseToTheTerminal(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	if out := runToFirstPage(t, f.options()); !strings.Contains(out, ansi.SetButtonEventMouseMode) {
		t.Error("mouse reporting was not turned on by default")
	}
	opts := f.options()
	opts.NoMouse = true
	out := runToFirstPage(t, opts)
	if !strings.Contains(out, "Ремонт квартир") {
		t.Fatal("the UI never drew the first page")
	}
	for _, on := range []string{ansi.SetButtonEventMouseMode, ansi.SetAnyEventMouseMode, ansi.SetNormalMouseMode} {
		if strings.Contains(out, on) {
			t.Errorf("mouse: false, and the app turned mouse reporting on (%q)", on)
		}
	}
}
