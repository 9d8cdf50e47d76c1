package root

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
)

// Run runs the process's command line and returns its exit code; version is the
// one set at link time (main.version), "" for a plain build.
func Run(args []string, version string) int {
	// A closed pipe on standard output (`listings ls --all --json | head -1`) must end
	// the command quietly with 0, as in gh. Left alone, the Go runtime kills the
	// process with SIGPIPE on a write to a broken pipe on fd 1 or 2 (os/signal,
	// "SIGPIPE"): exit 141 for the shell, a failed pipeline under `set -o pipefail`.
	// With Notify the signal goes to a channel nobody reads and every write to a closed
	// pipe fails with EPIPE instead, which Execute turns into a quiet exit. Notify
	// rather than signal.Ignore: an ignored signal stays ignored in the programs this
	// one starts (an editor, a browser, the keyring's helpers), a caught one does not.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	// A hangup (the terminal window closed, the SSH connection lost) ends a command
	// as Ctrl+C does: the app flushes its drafts and watch list and removes what it
	// made for itself, a job journals the requests it had not sent. Left to its
	// default, SIGHUP killed the process where it stood.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()

	f := &cmdutil.Factory{
		IOStreams: iostreams.System(os.Getenv),
		Getenv:    os.Getenv,
		Keyring:   func() keystore.Store { return keystore.NewKeyring(0) },
		Version:   cmdutil.BuildVersion(version),
	}
	trace, tracePath, err := api.TraceFromEnv()
	if err != nil {
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: warning: the debug trace is off: %v\n", err)
	}
	if trace != nil {
		defer trace.Close()
		f.Trace = trace
		fmt.Fprintf(f.IOStreams.ErrOut, "listings: writing the API trace to %s\n", tracePath)
	}
	if write := memProfile(os.Getenv, f.IOStreams.ErrOut); write != nil {
		defer write()
	}
	return Execute(ctx, f, args)
}

// Execute runs one command line on f and turns its error into one line on standard
// error and the exit code, and, for a command run with --json that printed nothing,
// into an error object on standard output; tests call it to get exactly what a user
// gets.
func Execute(ctx context.Context, f *cmdutil.Factory, args []string) int {
	return execute(ctx, f, args, newFor(f, args))
}

// execute runs args on the tree root built on f.
func execute(ctx context.Context, f *cmdutil.Factory, args []string, root *cobra.Command) int {
	root.SetArgs(args)
	// Every command tells of its budget waits (cmdutil.WaitNotices): reads and
	// writes alike, so that no command seems to hang.
	ctx, waited := cmdutil.WaitNotices(ctx, f.IOStreams)
	cmd, err := root.ExecuteContextC(ctx)
	waited()
	f.CloseSessions()
	if err == nil {
		// A write nobody looked at (cobra's help, a completion script) failed.
		err = f.IOStreams.OutError()
	}
	if err == nil || iostreams.IsBrokenPipe(err) {
		// The reader of standard output went away: it has all it wanted, and there is
		// nobody to tell.
		return cmdutil.ExitOK
	}
	// The key must never reach a terminal or a log, even through an error that quotes
	// a request; the keystore's Redact is the last line of defence.
	// The line on standard error is in the interface's language (cmdutil.Human); the
	// --json error object keeps the English message, so a script reads one text.
	msg, human := err.Error(), cmdutil.Human(err)
	if key := f.Getenv(keystore.EnvVar); key != "" {
		msg, human = keystore.Redact(msg, key), keystore.Redact(human, key)
	}
	code := cmdutil.ExitCode(ctx, err)
	if code == cmdutil.ExitCancelled {
		// rather than "context canceled"
		msg, human = "interrupted", i18n.T("cli.interrupted")
	}
	fmt.Fprintf(f.IOStreams.ErrOut, "listings: %s\n", human)
	// With --json, standard output holds JSON whatever happens: the command's own, or
	// this error object (cmdutil.ErrorJSON). Here, once, so no command can forget it.
	if cmdutil.WantsJSON(cmd, args) && !f.IOStreams.OutWritten() && f.IOStreams.OutError() == nil {
		_ = cmdutil.PrintErrorJSON(f.IOStreams.Out, err, msg, code)
	}
	return code
}
