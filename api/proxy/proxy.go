// Package proxy owns the integrator's server-side proxy that the spec's 3D capture
// widget needs: an http.Handler that takes one frame per POST, as the widget sends it
// (a multipart part "file"), and forwards it to the photo upload with the API key, which
// therefore never reaches a browser. It returns the service's status code and body
// unchanged, refuses what the service would refuse anyway (not multipart, over 12 MiB,
// not a photo) without spending a request, answers CORS only for the origins it was
// given, and logs one line per request without the key.
//
// The proxy's own refusals use the API's error envelope {ok:false, error, hint} with the
// extra field "proxy": true, so an integrator can tell them from the service's answers.
package proxy

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
)

// Defaults of Options.
const (
	DefaultPath          = "/upload"
	DefaultMaxConcurrent = 4
	// DefaultTimeout bounds one forward: the wait for the key's request budget plus
	// the upload of up to 12 MiB to the service.
	DefaultTimeout = 2 * time.Minute
	// preflightMaxAge lets a browser cache a preflight answer for ten minutes.
	preflightMaxAge = "600"
)

// Options configure a Handler.
type Options struct {
	// Path is where frames are POSTed; every other path answers 404. Default /upload.
	Path string
	// AllowOrigins are the browser origins (scheme://host[:port]) that may call the
	// proxy from another origin. A request from any other origin is refused; a request
	// without an Origin header (a server or curl) and one from the proxy's own origin
	// are served.
	AllowOrigins []string
	// MaxConcurrent bounds the frames held in memory at once (each up to 12 MiB);
	// further requests wait for a free place. Default 4.
	MaxConcurrent int
	// Timeout bounds one forward, including the wait for the request budget.
	Timeout time.Duration
	// Logf receives one line per request; nil is silent. It never receives the key.
	Logf func(format string, args ...any)
	// Now is the clock of the durations in the log (tests); nil means time.Now.
	Now func() time.Time
}

// Handler is the proxy. It is safe for concurrent use.
type Handler struct {
	client  *api.Client
	path    string
	origins map[string]bool
	slots   chan struct{}
	timeout time.Duration
	logf    func(format string, args ...any)
	now     func() time.Time
}

// New returns a proxy that forwards frames with client, whose key and request budget
// it spends.
func New(client *api.Client, opts Options) (*Handler, error) {
	if client == nil {
		return nil, errors.New("proxy: an API client is required")
	}
	h := &Handler{
		client:  client,
		path:    opts.Path,
		origins: make(map[string]bool),
		timeout: opts.Timeout,
		logf:    opts.Logf,
		now:     opts.Now,
	}
	if h.path == "" {
		h.path = DefaultPath
	}
	if !strings.HasPrefix(h.path, "/") || strings.ContainsAny(h.path, "?#") {
		return nil, fmt.Errorf("proxy: path %q must start with / and carry no query, e.g. /upload", h.path)
	}
	for _, o := range opts.AllowOrigins {
		norm, err := ParseOrigin(o)
		if err != nil {
			return nil, err
		}
		h.origins[norm] = true
	}
	n := opts.MaxConcurrent
	if n <= 0 {
		n = DefaultMaxConcurrent
	}
	h.slots = make(chan struct{}, n)
	if h.timeout <= 0 {
		h.timeout = DefaultTimeout
	}
	if h.now == nil {
		h.now = time.Now
	}
	return h, nil
}

// Path returns the path frames are POSTed to.
func (h *Handler) Path() string { return h.path }

// ParseOrigin checks an allowed origin and returns it as browsers send it in the Origin
// header: lower-case scheme and host, no default port, no trailing slash. A wildcard is
// refused: reflecting any origin would let every web page spend the key's budget.
func ParseOrigin(s string) (string, error) {
	raw := strings.TrimSpace(s)
	if raw == "*" || raw == "null" {
		return "", fmt.Errorf("proxy: allowed origin %q is not accepted; name each site exactly, e.g. https://shop.example", raw)
	}
	u, err := url.Parse(strings.TrimSuffix(raw, "/"))
	switch {
	case err != nil:
		return "", fmt.Errorf("proxy: allowed origin %q is not a URL: %v", raw, err)
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("proxy: allowed origin %q must start with https:// or http://", raw)
	case u.Hostname() == "" || strings.Contains(u.Host, "*"):
		return "", fmt.Errorf("proxy: allowed origin %q has no exact host", raw)
	case u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
		return "", fmt.Errorf("proxy: allowed origin %q must be only scheme://host[:port], e.g. https://shop.example", raw)
	}
	scheme, host, port := strings.ToLower(u.Scheme), strings.ToLower(u.Hostname()), u.Port()
	if strings.Contains(host, ":") {
		host = "[" + host + "]" // IPv6 literal
	}
	if port != "" && !(scheme == "http" && port == "80") && !(scheme == "https" && port == "443") {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}

// ServeHTTP routes: POST at the path forwards, OPTIONS answers a preflight, anything
// else is refused with the API's error envelope.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rq := &request{h: h, w: w, r: r, began: h.now(), origin: r.Header.Get("Origin"), size: -1}
	// Answers differ by Origin, so no cache may give one origin's answer to another.
	w.Header().Add("Vary", "Origin")
	if r.URL.Path != h.path {
		rq.fail(http.StatusNotFound, api.CodeNotFound, fmt.Sprintf("this proxy answers only POST %s", h.path))
		return
	}
	cors, ok := h.originAllowed(r, rq.origin)
	if !ok {
		rq.fail(http.StatusForbidden, "origin_not_allowed", fmt.Sprintf(
			"the origin %s may not use this proxy; start it with --allow-origin %s to allow it",
			truncate(rq.origin, 100), truncate(rq.origin, 100)))
		return
	}
	if cors {
		w.Header().Set("Access-Control-Allow-Origin", rq.origin)
	}
	switch r.Method {
	case http.MethodPost:
		rq.forward()
	case http.MethodOptions:
		if cors && r.Header.Get("Access-Control-Request-Method") != "" {
			w.Header().Set("Access-Control-Allow-Methods", http.MethodPost)
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
			w.Header().Set("Access-Control-Max-Age", preflightMaxAge)
		}
		w.Header().Set("Allow", "POST, OPTIONS")
		w.WriteHeader(http.StatusNoContent)
	default:
		w.Header().Set("Allow", "POST, OPTIONS")
		rq.fail(http.StatusMethodNotAllowed, api.CodeMethodNotAllowed,
			fmt.Sprintf("%s is not allowed here; POST the frame as multipart/form-data with a part named file", r.Method))
	}
}

// originAllowed says whether a request may be served and whether it needs CORS headers.
// No Origin means a server or a command-line tool, which CORS does not concern; the
// proxy's own origin is a page it served itself (browsers send Origin on a same-origin
// POST too). Origin is not a security lock, only a browser's: the key stays private
// either way.
func (h *Handler) originAllowed(r *http.Request, origin string) (cors, ok bool) {
	if origin == "" {
		return false, true
	}
	if h.origins[origin] {
		return true, true
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return false, strings.EqualFold(origin, scheme+"://"+r.Host)
}

// request is one request being served, with what its log line needs.
type request struct {
	h      *Handler
	w      http.ResponseWriter
	r      *http.Request
	began  time.Time
	origin string
	file   string
	size   int64 // -1 until the file was read
}

// errorBody is the API's error envelope, marked as the proxy's own answer.
type errorBody struct {
	OK         bool   `json:"ok"`
	Error      string `json:"error"`
	Hint       string `json:"hint"`
	Proxy      bool   `json:"proxy"`
	RetryAfter int    `json:"retry_after,omitempty"`
}

// fail answers with the proxy's own error and logs it.
func (rq *request) fail(status int, code, hint string) {
	rq.failWith(errorBody{Error: code, Hint: hint}, status)
}

func (rq *request) failWith(body errorBody, status int) {
	body.OK, body.Proxy = false, true
	b, err := json.Marshal(body)
	if err != nil { // cannot happen with these field types; keep the answer valid anyway
		b = []byte(`{"ok":false,"error":"internal_error","hint":"the proxy could not encode its answer","proxy":true}`)
	}
	rq.w.Header().Set("Content-Type", "application/json; charset=utf-8")
	rq.w.Header().Set("X-Content-Type-Options", "nosniff")
	rq.w.WriteHeader(status)
	_, _ = rq.w.Write(append(b, '\n'))
	rq.log(status, body.Error)
}

// log writes the request's line: time (from Logf's logger), client IP, origin, file
// and size, status and duration. The key is never among them.
func (rq *request) log(status int, code string) {
	if rq.h.logf == nil {
		return
	}
	verb := "forward"
	if code != "" {
		verb = "refuse"
	}
	origin := rq.origin
	if origin == "" {
		origin = "-"
	}
	size := "-"
	if rq.size >= 0 {
		size = fmt.Sprint(rq.size)
	}
	line := fmt.Sprintf("proxy: %s %s %s ip=%s origin=%q bytes=%s status=%d in=%s",
		verb, rq.r.Method, truncate(rq.r.URL.Path, 80), clientIP(rq.r), truncate(origin, 100), size, status,
		rq.h.now().Sub(rq.began).Round(time.Millisecond))
	if rq.file != "" {
		line += fmt.Sprintf(" file=%q", rq.file)
	}
	if code != "" {
		line += " error=" + code
	}
	rq.h.logf("%s", line)
}

// clientIP is the TCP peer, as the service itself sees clients; X-Forwarded-For is
// ignored because anyone can send it.
func clientIP(r *http.Request) string {
	addr := r.RemoteAddr
	if i := strings.LastIndexByte(addr, ':'); i > 0 {
		addr = addr[:i]
	}
	return strings.Trim(addr, "[]")
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n-- // keep whole UTF-8 sequences
	}
	return s[:n] + "…"
}
