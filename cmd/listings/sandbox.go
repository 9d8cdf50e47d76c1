package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api/sandbox"
)

func newSandboxCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sandbox",
		Short: "Run the embedded sandbox of the whole API",
		Long: `The sandbox is a faithful local server of the Listings Integration API v1,
seeded with categories, attributes, cities, listings and fixed test keys.
Its documented choices are listed in docs/sandbox.md.`,
	}
	cmd.AddCommand(newSandboxServeCmd(), newSandboxKeysCmd())
	return cmd
}

type serveOptions struct {
	addr            string
	moderationDelay time.Duration
	statePath       string
	quiet           bool
	grow            []string
}

func newSandboxServeCmd() *cobra.Command {
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
			return serveSandbox(cmd.Context(), opts, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.addr, "addr", "127.0.0.1:8080", "address to listen on (loopback keeps the fixed test keys private)")
	f.DurationVar(&opts.moderationDelay, "moderation-delay", 20*time.Second, "how long a pending listing waits for its moderation decision")
	f.StringVar(&opts.statePath, "state", "", "file that keeps the sandbox's state across restarts (default: memory only)")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "do not log requests to standard error")
	f.StringArrayVar(&opts.grow, "listings", nil, "KEY=N: grow the account of sandbox key KEY to N listings by cloning its seeded ones (e.g. business=10000), to try the app at scale")
	return cmd
}

func serveSandbox(ctx context.Context, opts serveOptions, stdout, stderr io.Writer) error {
	if opts.moderationDelay <= 0 {
		return usageErrorf("--moderation-delay must be positive, got %s", opts.moderationDelay)
	}
	host, _, err := net.SplitHostPort(opts.addr)
	if err != nil {
		return usageErrorf("--addr %q is not host:port: %v", opts.addr, err)
	}
	logger := log.New(stderr, "", log.LstdFlags)
	logf := logger.Printf
	if opts.quiet {
		logf = nil
	}
	var grow []sandbox.Grow
	for _, s := range opts.grow {
		g, err := sandbox.ParseGrow(s)
		if err != nil {
			return usageErrorf("--listings %v", err)
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
			fmt.Fprintf(stderr, "listings: save sandbox state: %v\n", cerr)
		}
	}()

	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w (is another sandbox running? pick another port with --addr)", opts.addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(stderr, "warning: the sandbox listens on %s, beyond this machine; its keys are public test keys\n", opts.addr)
	}
	base := "http://" + ln.Addr().String()
	fmt.Fprintf(stdout, "Sandbox of the Listings API v1 at %s\n", base)
	if opts.statePath != "" {
		fmt.Fprintf(stdout, "State kept in %s\n", opts.statePath)
	}
	fmt.Fprintf(stdout, "\nKeys:\n")
	if err := writeKeysTable(stdout, sandbox.Keys()); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nTry:\n  curl -H 'Authorization: Bearer %s' %s/api/v1/ping\n\nPress Ctrl+C to stop.\n", sandbox.KeyPersonal, base)

	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	return serveUntilDone(ctx, hs, ln, "sandbox", 5*time.Second, stderr)
}

// serveUntilDone serves hs on ln until ctx ends (Ctrl+C), then lets requests in
// flight finish for up to grace before it returns; what names the server in messages.
func serveUntilDone(ctx context.Context, hs *http.Server, ln net.Listener, what string, grace time.Duration, stderr io.Writer) error {
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("stop the %s: %w", what, err)
	}
	fmt.Fprintln(stderr, what+" stopped")
	return nil
}

func newSandboxKeysCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "keys",
		Short: "Print the sandbox's fixed test keys",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			keys := sandbox.Keys()
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(keys)
			}
			return writeKeysTable(cmd.OutOrStdout(), keys)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the keys as a JSON array")
	return cmd
}

func writeKeysTable(w io.Writer, keys []sandbox.Key) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tKEY\tACCOUNT\tSCOPES\tSTATE\tALLOWED IPS\tLIMITS")
	for _, k := range keys {
		ips := strings.Join(k.AllowedIPs, ",")
		if ips == "" {
			ips = "(none)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d/min %d/day\n",
			k.Name, k.Key, k.AccountType, strings.Join(k.Scopes, ","), k.State, ips, k.RatePerMinute, k.DailyLimit)
	}
	return tw.Flush()
}
