package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// KeySource supplies the API key for each call, so a key can come from a keyring or be
// rotated without rebuilding the client.
type KeySource interface {
	APIKey(ctx context.Context) (string, error)
}

// StaticKey is a fixed API key.
type StaticKey string

// APIKey returns the key.
func (k StaticKey) APIKey(context.Context) (string, error) { return string(k), nil }

// String hides the key, so a StaticKey printed by mistake (a log line, %v, a panic
// value) shows no secret.
func (k StaticKey) String() string { return redacted }

// GoString hides the key from %#v too.
func (k StaticKey) GoString() string { return "api.StaticKey(" + redacted + ")" }

// keyRef holds the key source behind a pointer: fmt prints a nested pointer as an
// address, so printing a Client (%+v in a log or a crash report) cannot show the key
// of a StaticKey, which fmt would otherwise print raw from the unexported field.
type keyRef struct{ KeySource }

// ErrNoKey means the key source returned no key.
var ErrNoKey = errors.New("no API key is set; create one in the account settings under API & integrations")

// Defaults; see docs/api.md.
const (
	DefaultTimeout       = 30 * time.Second
	DefaultUploadTimeout = 10 * time.Minute
	DefaultMaxRetries    = 3
	DefaultMaxElapsed    = 30 * time.Second
	// Personal-account limits, assumed until the first ping tells the key's own.
	DefaultPerMinute = 60
	DefaultPerDay    = 5000
)

// maxResponseBytes bounds a JSON answer; the largest real one (the category tree) is far
// smaller, and a runaway body must not exhaust memory.
const maxResponseBytes = 32 << 20

// Client is a client of the Listings Integration API v1. It is safe for concurrent use.
type Client struct {
	base          *url.URL
	keys          *keyRef
	hc            *http.Client
	userAgent     string
	timeout       time.Duration
	uploadTimeout time.Duration
	maxRetries    int
	maxElapsed    time.Duration
	now           func() time.Time
	sleep         func(ctx context.Context, d time.Duration) error
	lim           *limiter
	keepMetadata  bool

	traceMu sync.Mutex
	trace   io.Writer
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sends requests through hc (its redirect policy and timeouts apply).
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithVersion sets the User-Agent to listings/<v>.
func WithVersion(v string) Option {
	return func(c *Client) {
		if v = strings.TrimSpace(v); v != "" {
			c.userAgent = "listings/" + v
		}
	}
}

// WithTimeout bounds each JSON request attempt (not the wait for the budget).
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithUploadTimeout bounds each upload attempt.
func WithUploadTimeout(d time.Duration) Option { return func(c *Client) { c.uploadTimeout = d } }

// WithTrace writes one line per request to w (see docs/api.md); nil turns it off.
func WithTrace(w io.Writer) Option { return func(c *Client) { c.trace = w } }

// WithKeepMetadata(true) sends photos as they are, with their location and camera
// data; by default UploadPhoto removes them first (see UploadPhoto).
func WithKeepMetadata(keep bool) Option { return func(c *Client) { c.keepMetadata = keep } }

// KeepsMetadata reports whether the client sends photos with their metadata.
func (c *Client) KeepsMetadata() bool { return c.keepMetadata }

// WithLimits sets the budget assumed until a ping answers with the key's own limits.
func WithLimits(perMinute, perDay int) Option {
	return func(c *Client) { c.lim.setLimits(perMinute, perDay, false) }
}

// WithRetry bounds automatic retries: at most max retries, none started after
// maxElapsed since the first attempt. WithRetry(0, 0) turns retries off.
func WithRetry(max int, maxElapsed time.Duration) Option {
	return func(c *Client) { c.maxRetries, c.maxElapsed = max, maxElapsed }
}

// WithClock replaces the clock (tests).
func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

// WithSleep replaces how the client waits for the budget and between retries (tests).
// sleep must return ctx.Err() if ctx ends first.
func WithSleep(sleep func(ctx context.Context, d time.Duration) error) Option {
	return func(c *Client) { c.sleep = sleep }
}

// New returns a client for baseURL (https, or http on a loopback host) authenticating
// with keys.
func New(baseURL string, keys KeySource, opts ...Option) (*Client, error) {
	base, err := parseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	if keys == nil {
		return nil, errors.New("api: a key source is required")
	}
	c := &Client{
		base:          base,
		keys:          &keyRef{keys},
		userAgent:     "listings/dev",
		timeout:       DefaultTimeout,
		uploadTimeout: DefaultUploadTimeout,
		maxRetries:    DefaultMaxRetries,
		maxElapsed:    DefaultMaxElapsed,
		now:           time.Now,
		sleep:         sleepCtx,
		lim:           newLimiter(DefaultPerMinute, DefaultPerDay),
	}
	for _, o := range opts {
		o(c)
	}
	if c.hc == nil {
		c.hc = defaultHTTPClient()
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.sleep == nil {
		c.sleep = sleepCtx
	}
	if c.maxRetries < 0 {
		c.maxRetries = 0
	}
	c.lim.now, c.lim.sleep = c.now, c.sleep
	return c, nil
}

// BaseURL returns the normalised base URL, without a trailing slash.
func (c *Client) BaseURL() string { return c.base.String() }

// parseBaseURL accepts https, or http when the host is loopback (a local sandbox); a
// path prefix is kept and a trailing slash dropped.
func parseBaseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, errors.New("api: the base URL is empty")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("api: base URL %q is not a URL: %w", truncate(raw, 80), err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("api: base URL %q must start with https://", truncate(raw, 80))
	case u.Host == "" || u.Hostname() == "":
		return nil, fmt.Errorf("api: base URL %q has no host", truncate(raw, 80))
	case u.User != nil:
		return nil, errors.New("api: the base URL must not carry a user name or password; the key is sent in a header")
	case u.RawQuery != "" || u.Fragment != "":
		return nil, fmt.Errorf("api: base URL %q must not have a query or fragment", truncate(raw, 80))
	case u.Scheme == "http" && !isLoopback(u.Hostname()):
		return nil, fmt.Errorf("api: base URL %q uses plain http, which would send the API key unencrypted; "+
			"use https:// (http is allowed only for a loopback host such as 127.0.0.1 or localhost)", truncate(raw, 80))
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// defaultHTTPClient does not follow redirects: an API answer never redirects, and a
// followed redirect could carry the key to another host or turn a POST into a GET.
func defaultHTTPClient() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = 2 * time.Minute
	tr.MaxIdleConnsPerHost = 8
	return &http.Client{
		Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// Sleep waits d or until ctx ends, whichever comes first (ctx's error then).
func Sleep(ctx context.Context, d time.Duration) error { return sleepCtx(ctx, d) }

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// endpoint returns the full URL of an API path such as /api/v1/ping.
func (c *Client) endpoint(path string, q url.Values) string {
	u := *c.base
	u.Path = c.base.Path + path
	if len(q) > 0 {
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// apiKey fetches and checks the key; no error message ever contains it.
func (c *Client) apiKey(ctx context.Context) (string, error) {
	k, err := c.keys.APIKey(ctx)
	if err != nil {
		return "", fmt.Errorf("api key: %w", redactErr(err, k))
	}
	k = strings.TrimSpace(k)
	if k == "" {
		return "", ErrNoKey
	}
	for i := 0; i < len(k); i++ {
		if k[i] <= ' ' || k[i] >= 0x7f {
			return "", errors.New("api key: the key contains spaces or characters that cannot be sent in a header; copy it again")
		}
	}
	return k, nil
}
