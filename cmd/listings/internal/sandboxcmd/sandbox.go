// Package sandboxcmd owns `listings sandbox`: serving the embedded sandbox of the whole
// API over HTTP (serve) and printing its fixed test keys (keys).
package sandboxcmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
)

// NewCmd returns the `listings sandbox` group.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sandbox",
		Short: "Run the embedded sandbox of the whole API",
		Long: `The sandbox is a faithful local server of the Listings Integration API v1,
seeded with categories, attributes, cities, listings and fixed test keys.
Its documented choices are listed in docs/sandbox.md.`,
	}
	cmd.AddCommand(newCmdServe(f), newCmdKeys(f))
	return cmd
}

type serveOptions struct {
	addr            string
	moderationDelay time.Duration
	statePath       string
	quiet           bool
	grow            []string
}

func newCmdServe(f *cmdutil.Factory) *cobra.Command {
	var opts serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the sandbox API over HTTP",
		Example: `  listings sandbox serve
  listings sandbox serve --addr 127.0.0.1:9000 --moderation-delay 5s --state ./sandbox.json
  listings sandbox serve --listings business=10000 --state ./shop.json
  curl -H "Authorization: Bearer $(listings sandbox keys --json | jq -r '.[0].key')" \
       http://127.0.0.1:8080/api/v1/ping`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return serve(cmd.Context(), opts, f.IOStreams)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback keeps the fixed test keys private)")
	fl.DurationVar(&opts.moderationDelay, "moderation-delay", 20*time.Second, "how long a pending listing waits for its moderation decision")
	fl.StringVar(&opts.statePath, "state", "", "file that keeps the sandbox's state across restarts (default: memory only)")
	fl.BoolVarP(&opts.quiet, "quiet", "q", false, "do not log requests to standard error")
	fl.StringArrayVar(&opts.grow, "listings", nil, "KEY=N: grow the account of sandbox key KEY to N listings by cloning its seeded ones (e.g. business=10000), to try the app at scale")
	return cmd
}

func serve(ctx context.Context, opts serveOptions, ios *iostreams.IOStreams) error {
	if opts.moderationDelay <= 0 {
		return cmdutil.UsageErrorf("--moderation-delay must be positive, got %s", opts.moderationDelay)
	}
	host, _, err := net.SplitHostPort(opts.addr)
	if err != nil {
		return cmdutil.UsageErrorf("--addr %q is not host:port: %v", opts.addr, err)
	}
	logger := log.New(ios.ErrOut, "", log.LstdFlags)
	logf := logger.Printf
	if opts.quiet {
		logf = nil
	}
	var grow []sandbox.Grow
	for _, s := range opts.grow {
		g, err := sandbox.ParseGrow(s)
		if err != nil {
			return cmdutil.UsageErrorf("--listings %v", err)
		}
		grow = append(grow, g)
	}
	srv, err := sandbox.New(sandbox.Options{
		ModerationDelay: opts.moderationDelay,
		StatePath:       opts.statePath,
		Logf:            logf,
		Grow:            grow,
	})
	if err != nil {
		return fmt.Errorf("start sandbox: %w", err)
	}
	defer func() {
		if cerr := srv.Close(); cerr != nil {
			fmt.Fprintf(ios.ErrOut, "listings: save sandbox state: %v\n", cerr)
		}
	}()

	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w (is another sandbox running? pick another port with --addr)", opts.addr, err)
	}
	if cmdutil.BeyondLoopback(host) {
		fmt.Fprintf(ios.ErrOut, "warning: the sandbox listens on %s, beyond this machine; its keys are public test keys\n", opts.addr)
	}
	base := "http://" + ln.Addr().String()
	if err := printBanner(ios.Out, base, opts.statePath); err != nil {
		_ = ln.Close()
		return err
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	return cmdutil.ServeUntilDone(ctx, hs, ln, "sandbox", 5*time.Second, ios.ErrOut)
}

// printBanner says where the sandbox is and how to call it. It is written at once,
// line by line, since a script may read the address off the first line while the
// sandbox serves.
func printBanner(out io.Writer, base, statePath string) error {
	if _, err := fmt.Fprintf(out, "Sandbox of the Listings API v1 at %s\n", base); err != nil {
		return err
	}
	w := bufio.NewWriter(out) // keeps the first write error for Flush
	if statePath != "" {
		fmt.Fprintf(w, "State kept in %s\n", statePath)
	}
	fmt.Fprintf(w, "\nKeys:\n")
	_ = writeKeysTable(w, sandbox.Keys())
	fmt.Fprintf(w, "\nTry:\n  curl -H 'Authorization: Bearer %s' %s/api/v1/ping\n\nPress Ctrl+C to stop.\n", sandbox.KeyPersonal, base)
	return w.Flush()
}

func newCmdKeys(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "keys",
		Short: "Print the sandbox's fixed test keys",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			keys := sandbox.Keys()
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, keys)
			}
			return writeKeysTable(f.IOStreams.Out, keys)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the keys as a JSON array")
	return cmd
}

func writeKeysTable(w io.Writer, keys []sandbox.Key) error {
	t := cmdutil.NewTable(w)
	t.Row("NAME", "KEY", "ACCOUNT", "SCOPES", "STATE", "ALLOWED IPS", "LIMITS")
	for _, k := range keys {
		ips := strings.Join(k.AllowedIPs, ",")
		if ips == "" {
			ips = "(none)"
		}
		t.Row(k.Name, k.Key, k.AccountType, strings.Join(k.Scopes, ","), k.State, ips,
			fmt.Sprintf("%d/min %d/day", k.RatePerMinute, k.DailyLimit))
	}
	return t.Flush()
}
