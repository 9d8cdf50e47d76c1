package proxycmd

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"

	"github.com/listings-tui/listings/assets"
)

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
