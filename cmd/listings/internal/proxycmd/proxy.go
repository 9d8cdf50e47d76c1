// Package proxycmd owns `listings proxy`: the server-side proxy the 3D capture widget
// needs, which forwards each frame to the photo upload with the stored key (the
// forwarding itself is api/proxy), and its example page.
package proxycmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/proxy"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

type options struct {
	listen  string
	path    string
	origins []string
	example bool
	quiet   bool
	// onListen is told the proxy's base URL once it accepts connections (tests).
	onListen func(base string)
}

// NewCmd returns `listings proxy`.
func NewCmd(f *cmdutil.Factory) *cobra.Command {
	var opts options
	cmd := &cobra.Command{
		Use:   "proxy",
		Short: "Forward the 3D capture widget's frames to the photo upload with your key",
		Long: `proxy is the server-side proxy that the 3D capture widget (ListingsWidget.capture3d)
needs: the widget POSTs each frame to it, and it forwards the frame to the photo upload
with the stored API key, returning the service's status code and body unchanged. The key
never reaches the browser.

It refuses, without spending a request, a body that is not multipart/form-data, a frame
over 12 MB and a file that is not a JPG, PNG, WebP or HEIC photo. Browsers on another
origin may call it only when named with --allow-origin; a page it serves itself
(--example) and servers or curl (no Origin header) need no such permission.

Every request is logged to standard error without the key. Anyone who can reach the proxy
spends the key's request budget, so keep it on 127.0.0.1 or behind your site.`,
		Example: `  listings proxy --allow-origin https://shop.example
  listings proxy --listen 127.0.0.1:8081 --path /upload-3d --allow-origin http://127.0.0.1:8000
  LISTINGS_API_KEY=sk_test_… listings --base-url http://127.0.0.1:8080 proxy --example`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return run(cmd.Context(), f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.listen, "listen", "127.0.0.1:8081", "address to listen on")
	fl.StringVar(&opts.path, "path", proxy.DefaultPath, "path the widget POSTs frames to (its uploadEndpoint)")
	fl.StringArrayVar(&opts.origins, "allow-origin", nil, "browser origin allowed to call the proxy, e.g. https://shop.example (repeatable)")
	fl.BoolVar(&opts.example, "example", false, "also serve the example capture page at /")
	fl.BoolVarP(&opts.quiet, "quiet", "q", false, "do not log requests to standard error")
	return cmd
}

func run(ctx context.Context, f *cmdutil.Factory, opts options) error {
	stdout, stderr := f.IOStreams.Out, f.IOStreams.ErrOut
	host, _, err := net.SplitHostPort(opts.listen)
	if err != nil {
		return cmdutil.UsageErrorf("--listen %q is not host:port, e.g. 127.0.0.1:8081: %v", opts.listen, err)
	}
	for _, o := range opts.origins {
		if _, err := proxy.ParseOrigin(o); err != nil {
			return cmdutil.UsageErrorf("--allow-origin: %v", strings.TrimPrefix(err.Error(), "proxy: "))
		}
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	if err := checkKey(ctx, s.Client, stderr); err != nil {
		return err
	}

	logger := log.New(stderr, "", log.LstdFlags)
	po := proxy.Options{Path: opts.path, AllowOrigins: opts.origins, Logf: logger.Printf}
	if opts.quiet {
		po.Logf = nil
	}
	h, err := proxy.New(s.Client, po)
	if err != nil {
		return cmdutil.UsageErrorf("%s", strings.TrimPrefix(err.Error(), "proxy: "))
	}
	var handler http.Handler = h
	if opts.example {
		if handler, err = withExample(h, s.Client.BaseURL()); err != nil {
			return err
		}
	}

	ln, err := net.Listen("tcp", opts.listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w (is another proxy running? pick another address with --listen)", opts.listen, err)
	}
	if cmdutil.BeyondLoopback(host) {
		fmt.Fprintf(stderr, "warning: the proxy listens on %s, beyond this machine: anyone who can reach it "+
			"uploads photos with your key and spends its request budget; listen on 127.0.0.1 behind your site instead\n", opts.listen)
	}
	base := "http://" + ln.Addr().String()
	if err := printBanner(stdout, base, h.Path(), s, opts); err != nil {
		_ = ln.Close()
		return err
	}
	if opts.onListen != nil {
		opts.onListen(base)
	}

	// Reading a 12 MB frame from a slow phone may take minutes; a request that takes
	// longer is cut so it cannot hold one of the proxy's places forever.
	hs := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       5 * time.Minute,
		WriteTimeout:      5*time.Minute + proxy.DefaultTimeout,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          logger,
	}
	return cmdutil.ServeUntilDone(ctx, hs, ln, "proxy", 10*time.Second, stderr)
}

// checkKey pings once at start, so that a wrong or read-only key fails now rather than
// on the first frame, and the request budget starts from the key's real limits. An
// unreachable service only warns: it may come up later.
func checkKey(ctx context.Context, c *api.Client, stderr io.Writer) error {
	info, err := c.Ping(ctx)
	switch {
	case api.IsUnreachable(err):
		fmt.Fprintf(stderr, "warning: %v\n", err)
		return nil
	case err != nil:
		return err
	case !info.HasScope(api.ScopeWrite):
		return fmt.Errorf("the key %s… lacks the scope listings:write that photo uploads need; "+
			"create a key with it in the account settings under API & integrations", info.KeyPrefix)
	}
	return nil
}

func printBanner(out io.Writer, base, path string, s *cmdutil.Session, opts options) error {
	w := bufio.NewWriter(out) // keeps the first write error for Flush
	keyFrom := "LISTINGS_API_KEY"
	if s.Profile != "" {
		keyFrom = fmt.Sprintf("profile %q (%s)", s.Profile, s.Source)
	}
	fmt.Fprintf(w, "Proxy for the 3D capture widget at %s%s\n", base, path)
	fmt.Fprintf(w, "Forwarding frames to %s/api/v1/upload/photo with the key of %s\n\n", s.Client.BaseURL(), keyFrom)
	fmt.Fprintf(w, "In your page:\n  ListingsWidget.capture3d({ uploadEndpoint: '%s%s', … })\n\n", base, path)
	if len(opts.origins) == 0 {
		fmt.Fprintln(w, "Allowed origins: none besides the proxy's own (add --allow-origin https://your.site)")
	} else {
		fmt.Fprintf(w, "Allowed origins: %s\n", strings.Join(opts.origins, ", "))
	}
	if opts.example {
		q := url.Values{"sandbox": {s.Client.BaseURL()}, "proxy": {base + path}}
		fmt.Fprintf(w, "Example page: %s/?%s\n", base, q.Encode())
	}
	fmt.Fprintln(w, "\nPress Ctrl+C to stop.")
	return w.Flush()
}
