// Command listings is the terminal client of the Listings Integration API v1: a TUI for
// everyday work, scripting commands in the conventions of gh, and an embedded sandbox
// of the whole API. This package owns the command tree, flag parsing and exit codes;
// the work itself lives in api/, keystore/ and tui/.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
)

// Exit codes are part of the scripting contract (README, "Exit codes"): scripts may
// branch on them, so they never change meaning.
const (
	exitOK        = 0
	exitError     = 1
	exitUsage     = 2
	exitAuth      = 3
	exitRateLimit = 4
	exitCancelled = 130
)

// usageError marks a mistake in how the command was called, so main exits with 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

func main() {
	os.Exit(run(defaultGlobals(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(g *globals, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	trace, tracePath, err := api.TraceFromEnv()
	if err != nil {
		fmt.Fprintf(stderr, "listings: warning: the debug trace is off: %v\n", err)
	}
	if trace != nil {
		defer trace.Close()
		g.trace = trace
		fmt.Fprintf(stderr, "listings: writing the API trace to %s\n", tracePath)
	}

	return execute(ctx, g, args, stdin, stdout, stderr)
}

// execute runs one command line and turns its error into one line on stderr and the
// exit code; tests call it to get exactly what a user gets.
func execute(ctx context.Context, g *globals, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(g, stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	g.closeSessions()
	if err == nil {
		return exitOK
	}
	// The key must never reach a terminal or a log, even through an error that quotes
	// a request; the keystore's Redact is the last line of defence.
	msg := err.Error()
	if key := g.getenv(keystore.EnvVar); key != "" {
		msg = keystore.Redact(msg, key)
	}
	code := exitCode(ctx, err)
	if code == exitCancelled {
		msg = "interrupted" // rather than "context canceled"
	}
	fmt.Fprintf(stderr, "listings: %s\n", msg)
	return code
}

func exitCode(ctx context.Context, err error) int {
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		return exitUsage
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		return exitCancelled
	case api.IsRateLimit(err):
		return exitRateLimit
	// A missing scope is the key's limit too: the script needs another key, not other
	// data, so it shares the exit code of the other key failures.
	case api.IsAuth(err) || api.IsScope(err) || errors.Is(err, keystore.ErrNoKey):
		return exitAuth
	default:
		return exitError
	}
}
