// Package proxy owns the integrator's server-side proxy that the spec's 3D capture
// widget needs: an http.Handler that takes one frame per POST, as the widget sends it
// (a multipart part "file"), and forwards it to the photo upload with the API key, which
// therefore never reaches a browser. It returns the service's status code and body
// unchanged, refuses what the service would refuse anyway (not multipart, over 12 MiB,
// not a photo) without spending a request, answers CORS only for the origins it was
// given, and logs one line per request without the key.
//
// The key is the proxy's to guard: it answers only requests addressed to it (the Host
// header names the address it listens on or a name it was given, so a page whose name
// was rebound to 127.0.0.1 is refused), from its own origin or one it was given, and,
// when it has a caller token, that carry the token. A caller can hold neither its
// places to the service (a frame is read whole before it takes one) nor its memory or
// connections for long: bounds.go lists every bound and why.
//
// The proxy's own refusals use the API's error envelope {ok:false, error, hint} with the
// extra field "proxy": true, so an integrator can tell them from the service's answers.
package proxy

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
)

// Defaults of Options.
const (
	DefaultPath = "/upload"
	// TokenHeader carries the caller token for callers that can set headers; a browser
	// page (the widget posts to a plain URL) puts the token in the path instead:
	// <Path>/<token>.
	TokenHeader = "X-Proxy-Token"
	// preflightMaxAge lets a browser cache a preflight answer for ten minutes.
	preflightMaxAge = "600"
)

// Options configure a Handler.
type Options struct {
	// Path is where frames are POSTed; every other path answers 404. Default /upload.
	// With a Token, frames are POSTed to Path/<token> or to Path with the TokenHeader.
	Path string
	// AllowOrigins are the browser origins (scheme://host[:port]) that may call the
	// proxy from another origin. A request from any other origin is refused; a request
	// without an Origin header (a server or curl) and one from the proxy's own origin
	// are served. Their hosts are also accepted in the Host header (a site that forwards
	// its own requests to the proxy).
	AllowOrigins []string
	// Hosts are the names, besides the address a connection was accepted on, that the
	// Host header may carry: "localhost", the host the proxy was told to listen on, a
	// name of the machine. An entry "name" matches with the connection's port (or none),
	// "name:port" with that port. Any other Host is refused before anything else: a page
	// whose DNS name now resolves to the proxy's address (DNS rebinding) sends its own
	// name, and must not spend the key.
	Hosts []string
	// Token, when set, must come with every forwarded frame, in the path (Path/<token>)
	// or in the TokenHeader: only the pages and servers it was given to may use the key.
	// MinTokenLen to MaxTokenLen characters of A-Z a-z 0-9 - . _ ~ (so it fits a path as
	// it is).
	Token string
	// MaxConcurrent bounds the frames being forwarded at once; a read frame waits for a
	// free place within Timeout. Default DefaultMaxConcurrent.
	MaxConcurrent int
	// Timeout bounds a frame's time once read: the wait for a place and for the request
	// budget, and the forward. Default DefaultTimeout.
	Timeout time.Duration
	// BodyTimeout bounds the read of a request's body. Default DefaultBodyTimeout.
	BodyTimeout time.Duration
	// MaxBuffered bounds the bytes of frames held at once. Default DefaultMaxBuffered.
	MaxBuffered int64
	// Logf receives one line per request; nil is silent. It never receives the key or
	// the token, and what came from the network in it is quoted.
	Logf func(format string, args ...any)
	// Now is the clock of the durations in the log (tests); nil means time.Now.
	Now func() time.Time
}

// Handler is the proxy. It is safe for concurrent use.
type Handler struct {
	client      *api.Client
	path        string
	token       string
	origins     map[string]bool
	hosts       []authority
	slots       chan struct{}
	mem         *memBudget
	timeout     time.Duration
	bodyTimeout time.Duration
	logf        func(format string, args ...any)
	now         func() time.Time
}

// New returns a proxy that forwards frames with client, whose key and request budget
// it spends.
func New(client *api.Client, opts Options) (*Handler, error) {
	if client == nil {
		return nil, errors.New("proxy: an API client is required")
	}
	h := &Handler{
		client:      client,
		path:        opts.Path,
		token:       opts.Token,
		origins:     make(map[string]bool),
		timeout:     opts.Timeout,
		bodyTimeout: opts.BodyTimeout,
		logf:        opts.Logf,
		now:         opts.Now,
	}
	if h.path == "" {
		h.path = DefaultPath
	}
	if !strings.HasPrefix(h.path, "/") || strings.ContainsAny(h.path, "?#") {
		return nil, fmt.Errorf("proxy: path %q must start with / and carry no query, e.g. /upload", h.path)
	}
	if h.token != "" {
		if err := CheckToken(h.token); err != nil {
			return nil, err
		}
	}
	for _, o := range opts.AllowOrigins {
		norm, err := ParseOrigin(o)
		if err != nil {
			return nil, err
		}
		h.origins[norm] = true
		h.hosts = append(h.hosts, originAuthority(norm))
	}
	for _, name := range opts.Hosts {
		a, err := parseHost(name)
		if err != nil {
			return nil, err
		}
		h.hosts = append(h.hosts, a)
	}
	n := opts.MaxConcurrent
	if n <= 0 {
		n = DefaultMaxConcurrent
	}
	h.slots = make(chan struct{}, n)
	mem := opts.MaxBuffered
	if mem <= 0 {
		mem = DefaultMaxBuffered
	}
	// A budget under one whole frame would make every large frame wait out its deadline.
	mem = max(mem, media.MaxPhotoBytes+bufferChunk)
	h.mem = newMemBudget(mem)
	if h.timeout <= 0 {
		h.timeout = DefaultTimeout
	}
	if h.bodyTimeout <= 0 {
		h.bodyTimeout = DefaultBodyTimeout
	}
	if h.now == nil {
		h.now = time.Now
	}
	return h, nil
}

// Path returns the path frames are POSTed to.
func (h *Handler) Path() string { return h.path }

// Endpoint returns the path a browser page gives the widget as its uploadEndpoint (after
// the proxy's base URL): Path, followed by the token when there is one.
func (h *Handler) Endpoint() string {
	if h.token == "" {
		return h.path
	}
	return strings.TrimSuffix(h.path, "/") + "/" + h.token
}

// CheckToken says whether s can be a caller token: MinTokenLen to MaxTokenLen characters
// that a URL path carries unchanged, so the same token works in the path and a header.
func CheckToken(s string) error {
	if len(s) < MinTokenLen || len(s) > MaxTokenLen {
		return fmt.Errorf("proxy: the token must be %d to %d characters long, not %d; let the proxy make one instead",
			MinTokenLen, MaxTokenLen, len(s))
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0) {
			return fmt.Errorf("proxy: the token may hold only letters, digits and - . _ ~ (it goes into a URL path), not %q", c)
		}
	}
	return nil
}

// authority is a Host header value the proxy answers to.
type authority struct {
	host string // lower case, IPv6 without brackets
	// port must match the Host's port; "" matches the connection's own port or none.
	port string
	// defaultPort is the port a browser leaves out of Host (an origin's scheme's).
	defaultPort string
}

func (a authority) matches(host, port, localPort string) bool {
	if a.host != host {
		return false
	}
	if a.port == "" {
		return port == "" || port == localPort
	}
	return port == a.port || port == "" && a.port == a.defaultPort
}

// originAuthority is the Host a browser sends for a page of the (normalised) origin.
func originAuthority(origin string) authority {
	u, _ := url.Parse(origin) // ParseOrigin made it
	def := "80"
	if u.Scheme == "https" {
		def = "443"
	}
	port := u.Port()
	if port == "" {
		port = def
	}
	return authority{host: strings.ToLower(u.Hostname()), port: port, defaultPort: def}
}

// parseHost reads an Options.Hosts entry: a name or address, with or without a port.
func parseHost(s string) (authority, error) {
	raw := strings.TrimSpace(s)
	host, port := splitHost(raw)
	if host == "" || strings.ContainsAny(host, "/@?#* ") || strings.Contains(raw, "://") {
		return authority{}, fmt.Errorf("proxy: host %q is not a name or address, e.g. localhost or shop.example:8081", raw)
	}
	return authority{host: host, port: port}, nil
}

// splitHost splits a Host header into its lower-case host (IPv6 without brackets) and
// its port, "" when it has none.
func splitHost(hostport string) (host, port string) {
	if h, p, err := net.SplitHostPort(hostport); err == nil {
		return strings.ToLower(h), p
	}
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")), ""
}

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
