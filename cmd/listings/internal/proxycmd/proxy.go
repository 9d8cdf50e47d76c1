// Package proxycmd owns `listings proxy`: the server-side proxy the 3D capture widget
// needs, which forwards each frame to the photo upload with the stored key (the
// forwarding itself is api/servers/proxy), and its example page.
package proxycmd

import (
	"bufio"
	"context"
	"crypto/rand"
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
	"github.com/listings-tui/listings/api/servers/proxy"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

type options struct {
	listen  string
	path    string
	origins []string
	hosts   []string
	token   string
	example bool
	quiet   bool
	// maxConns and maxConnsPerIP replace the listener's bounds (tests); 0 is the default.
	maxConns, maxConnsPerIP int
	// timeout replaces the forward's deadline (tests: the sandbox under the race
	// detector takes 20 s and more to convert its first frame); 0 is the default.
	timeout time.Duration
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

It answers only requests addressed to it: the Host header must name the address it
listens on (or localhost), a host of --allow-origin or one of --allow-host, so a web page
whose name was made to resolve to 127.0.0.1 (DNS rebinding) cannot use it.

With --token, only callers that know the token may use the key: a page gives the widget
the uploadEndpoint the proxy prints (the path followed by /TOKEN), a server may send the
token in the X-Proxy-Token header instead. --token generate makes a random one.

Every request is logged to standard error without the key or the token. Anyone who can
reach the proxy spends the key's request budget, so keep it on 127.0.0.1 or behind your
site, and give it a token when other people share the machine.`,
		Example: `  listings proxy --allow-origin https://shop.example
  listings proxy --listen 127.0.0.1:8081 --path /upload-3d --allow-origin http://127.0.0.1:8000
  listings proxy --token generate --allow-origin https://shop.example
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
	fl.StringArrayVar(&opts.hosts, "allow-host", nil, "another name of this machine callers may use in the proxy's URL, e.g. proxy.internal (repeatable)")
	fl.StringVar(&opts.token, "token", "", `token every caller must give ("generate" makes one), in the path or the X-Proxy-Token header`)
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
	if opts.token == "generate" {
		opts.token = rand.Text() // 26 base32 characters: 130 bits
	} else if opts.token != "" {
		if err := proxy.CheckToken(opts.token); err != nil {
			return cmdutil.UsageErrorf("--token: %v (--token generate makes one)", strings.TrimPrefix(err.Error(), "proxy: "))
		}
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	if err := checkKey(ctx, s.Client, stderr); err != nil {
		return err
	}

	// Every line goes through LogWriter: net/http's own messages may quote what a client sent.
	logger := log.New(proxy.LogWriter(stderr), "", log.LstdFlags)
	po := proxy.Options{Path: opts.path, AllowOrigins: opts.origins, Hosts: allowedHosts(host, opts.hosts),
		Token: opts.token, Timeout: opts.timeout, Logf: logger.Printf}
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
			"uploads photos with your key and spends its request budget; listen on 127.0.0.1 behind your site instead", opts.listen)
		if opts.token == "" {
			fmt.Fprint(stderr, ", or give it a token (--token generate)")
		}
		fmt.Fprintln(stderr)
	}
	limited := proxy.LimitListener(ln, opts.maxConns, opts.maxConnsPerIP)
	base := "http://" + ln.Addr().String()
	if err := printBanner(stdout, base, h.Endpoint(), s, opts); err != nil {
		_ = ln.Close()
		return err
	}
	if opts.onListen != nil {
		opts.onListen(base)
	}

	// The proxy's bounds on connections (api/servers/proxy's bounds.go): how many, from one
	// address, how long to send headers or stay idle, how large the headers.
	hs := proxy.NewServer(handler, logger)
	return cmdutil.ServeUntilDone(ctx, hs, limited, "proxy", 10*time.Second, stderr)
}

// allowedHosts are the names the Host header may carry besides the address a connection
// came to: the loopback names, the host given to --listen when it is one address (an
// unspecified one, 0.0.0.0 or ::, is no name a browser should use: the connection's own
// address stands for it), and those of --allow-host.
func allowedHosts(listenHost string, extra []string) []string {
	hosts := []string{"localhost", "127.0.0.1", "[::1]"}
	if ip := net.ParseIP(listenHost); listenHost != "" && (ip == nil || !ip.IsUnspecified()) {
		hosts = append(hosts, listenHost)
	}
	return append(hosts, extra...)
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

func printBanner(out io.Writer, base, endpoint string, s *cmdutil.Session, opts options) error {
	w := bufio.NewWriter(out) // keeps the first write error for Flush
	keyFrom := "LISTINGS_API_KEY"
	if s.Profile != "" {
		keyFrom = fmt.Sprintf("profile %q (%s)", s.Profile, s.Source)
	}
	fmt.Fprintf(w, "Proxy for the 3D capture widget at %s%s\n", base, endpoint)
	fmt.Fprintf(w, "Forwarding frames to %s/api/v1/upload/photo with the key of %s\n\n", s.Client.BaseURL(), keyFrom)
	fmt.Fprintf(w, "In your page:\n  ListingsWidget.capture3d({ uploadEndpoint: '%s%s', … })\n\n", base, endpoint)
	if len(opts.origins) == 0 {
		fmt.Fprintln(w, "Allowed origins: none besides the proxy's own (add --allow-origin https://your.site)")
	} else {
		fmt.Fprintf(w, "Allowed origins: %s\n", strings.Join(opts.origins, ", "))
	}
	if opts.token != "" {
		fmt.Fprintf(w, "Token: required; it ends the uploadEndpoint above (a server may send it in the %s header instead)\n", proxy.TokenHeader)
	} else {
		fmt.Fprintln(w, "Token: none; any caller that reaches the proxy may use it (add --token generate to require one)")
	}
	if opts.example {
		q := url.Values{"sandbox": {s.Client.BaseURL()}, "proxy": {base + endpoint}}
		fmt.Fprintf(w, "Example page: %s/?%s\n", base, q.Encode())
	}
	fmt.Fprintln(w, "\nPress Ctrl+C to stop.")
	return w.Flush()
}
