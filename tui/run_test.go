package tui

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/sandbox"
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

	out := &tuitest.SyncBuffer{}
	opts := f.options()
	opts.Input, opts.Output, opts.CrashDir = tuitest.KeyThenWait(t, ""), out, t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Run(ctx, opts) }()
	// Quit once the first page is on the screen.
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(out.String(), "Ремонт квартир") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	os.Stdout, os.Stderr = stdout, stderr
	_ = w.Close()
	leaked, _ := io.ReadAll(r)
	if len(leaked) > 0 {
		t.Errorf("written to stdout/stderr while the UI ran: %q", leaked)
	}
	if !strings.Contains(out.String(), "Ремонт квартир") {
		t.Error("the UI never drew the first page")
	}
}
