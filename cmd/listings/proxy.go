package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/proxy"
	"github.com/listings-tui/listings/assets"
)

type proxyOptions struct {
	listen  string
	path    string
	origins []string
	example bool
	quiet   bool
	// onListen is told the proxy's base URL once it accepts connections (tests).
	onListen func(base string)
}

func newProxyCmd(g *globals) *cobra.Command {
	var opts proxyOptions
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
			return runProxy(cmd, g, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.listen, "listen", "127.0.0.1:8081", "address to listen on")
	f.StringVar(&opts.path, "path", proxy.DefaultPath, "path the widget POSTs frames to (its uploadEndpoint)")
	f.StringArrayVar(&opts.origins, "allow-origin", nil, "browser origin allowed to call the proxy, e.g. https://shop.example (repeatable)")
	f.BoolVar(&opts.example, "example", false, "also serve the example capture page at /")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "do not log requests to standard error")
	return cmd
}

func runProxy(cmd *cobra.Command, g *globals, opts proxyOptions) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	host, _, err := net.SplitHostPort(opts.listen)
	if err != nil {
		return usageErrorf("--listen %q is not host:port, e.g. 127.0.0.1:8081: %v", opts.listen, err)
	}
	for _, o := range opts.origins {
		if _, err := proxy.ParseOrigin(o); err != nil {
			return usageErrorf("--allow-origin: %v", strings.TrimPrefix(err.Error(), "proxy: "))
		}
	}
	s, err := g.newSession(cmd)
	if err != nil {
		return err
	}
	ctx := cmd.Context()
	if err := checkProxyKey(ctx, s.Client, stderr); err != nil {
		return err
	}

	logger := log.New(stderr, "", log.LstdFlags)
	po := proxy.Options{Path: opts.path, AllowOrigins: opts.origins, Logf: logger.Printf}
	if opts.quiet {
		po.Logf = nil
	}
	h, err := proxy.New(s.Client, po)
	if err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "proxy: "))
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
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(stderr, "warning: the proxy listens on %s, beyond this machine: anyone who can reach it "+
			"uploads photos with your key and spends its request budget; listen on 127.0.0.1 behind your site instead\n", opts.listen)
	}
	base := "http://" + ln.Addr().String()
	printProxyBanner(stdout, base, h.Path(), s, opts)
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
	return serveUntilDone(ctx, hs, ln, "proxy", 10*time.Second, stderr)
}

// checkProxyKey pings once at start, so that a wrong or read-only key fails now rather
// than on the first frame, and the request budget starts from the key's real limits. An
// unreachable service only warns: it may come up later.
func checkProxyKey(ctx context.Context, c *api.Client, stderr io.Writer) error {
	info, err := c.Ping(ctx)
	switch {
	case api.IsUnreachable(err):
		fmt.Fprintf(stderr, "warning: %v\n", err)
		return nil
	case err != nil:
		return err
	case !info.HasScope("listings:write"):
		return fmt.Errorf("the key %s… lacks the scope listings:write that photo uploads need; "+
			"create a key with it in the account settings under API & integrations", info.KeyPrefix)
	}
	return nil
}

func printProxyBanner(w io.Writer, base, path string, s *session, opts proxyOptions) {
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
}

// withExample serves the example page at / and its script at /example.js, and passes
// every other request to the proxy. The page takes the widget's URL from its query
// string, so the Content-Security-Policy lets scripts come only from the proxy itself
// and from the API's base URL: a crafted link cannot make it run a foreign script in the
// proxy's origin, which the proxy serves as its own.
func withExample(next http.Handler, apiBase string) (http.Handler, error) {
	dir, err := fs.Sub(assets.Example, "example")
	if err != nil {
		return nil, fmt.Errorf("example page: %w", err)
	}
	page, err := fs.ReadFile(dir, "capture3d.html")
	if err != nil {
		return nil, fmt.Errorf("example page: %w", err)
	}
	script, err := fs.ReadFile(dir, "example.js")
	if err != nil {
		return nil, fmt.Errorf("example page: %w", err)
	}
	u, err := url.Parse(apiBase)
	if err != nil {
		return nil, fmt.Errorf("example page: base URL %q: %w", apiBase, err)
	}
	csp := fmt.Sprintf("default-src 'self'; script-src 'self' %[1]s; connect-src 'self'; img-src * data: blob:; "+
		"media-src 'self' blob: mediastream:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "+
		"frame-ancestors 'none'", u.Scheme+"://"+u.Host)
	serve := func(w http.ResponseWriter, r *http.Request, ctype string, body []byte) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			next.ServeHTTP(w, r) // the proxy answers 405 in the API's style
			return
		}
		w.Header().Set("Content-Type", ctype)
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-cache")
		if r.Method == http.MethodGet {
			_, _ = w.Write(body)
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/", "/capture3d.html":
			serve(w, r, "text/html; charset=utf-8", page)
		case "/example.js":
			serve(w, r, "text/javascript; charset=utf-8", script)
		default:
			next.ServeHTTP(w, r)
		}
	}), nil
}
