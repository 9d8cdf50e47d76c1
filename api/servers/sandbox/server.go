// Package sandbox owns the in-process server of the whole Listings Integration API v1:
// routing, the JSON envelope, authentication and limits, listings with their states and
// moderation, taxonomy and upload endpoints, the public listing page, the widget script,
// the seeded data and the persisted state. The taxonomy lives in catalog and the media
// host in mediastore; every choice the spec leaves open follows docs/sandbox.md.
package sandbox

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox/catalog"
	"github.com/listings-tui/listings/api/servers/sandbox/mediastore"
)

// DefaultModerationDelay is how long a pending listing waits for its decision.
const DefaultModerationDelay = 20 * time.Second

// Options configure a Server.
type Options struct {
	ModerationDelay time.Duration                    // 0 means DefaultModerationDelay
	StatePath       string                           // "" keeps the state in memory only
	Now             func() time.Time                 // nil means time.Now
	Logf            func(format string, args ...any) // nil is silent; one line per request
	Grow            []Grow                           // more listings than the seed, for trying the app at scale
}

// Server is the sandbox API; it is an http.Handler safe for concurrent use.
type Server struct {
	now   func() time.Time
	delay time.Duration
	logf  func(format string, args ...any)
	loc   *time.Location
	cat   *catalog.Catalog
	media *mediastore.Store
	saver *saver // nil when the state is memory only
	table []route

	mu sync.Mutex // guards st
	st *store

	testHook func(*http.Request) // called before routing; tests use it to panic
}

// New builds a server: it loads the state from opts.StatePath when the file exists,
// otherwise it seeds a fresh one.
func New(opts Options) (*Server, error) {
	loc, err := kyivZone()
	if err != nil {
		return nil, fmt.Errorf("sandbox: load time zone Europe/Kyiv: %w", err)
	}
	cat, err := catalog.Load()
	if err != nil {
		return nil, fmt.Errorf("sandbox: load catalog: %w", err)
	}
	mediaDir := ""
	if opts.StatePath != "" {
		mediaDir = opts.StatePath + ".media"
	}
	ms, err := mediastore.New(mediaDir)
	if err != nil {
		return nil, fmt.Errorf("sandbox: open media store: %w", err)
	}
	s := &Server{now: opts.Now, delay: opts.ModerationDelay, logf: opts.Logf, loc: loc, cat: cat, media: ms}
	if s.now == nil {
		s.now = time.Now
	}
	s.table = s.routes()
	if s.delay <= 0 {
		s.delay = DefaultModerationDelay
	}
	if opts.StatePath != "" {
		st, err := loadState(opts.StatePath)
		if err != nil {
			return nil, err
		}
		s.st = st
	}
	if s.st == nil {
		if s.st, err = s.seed(s.now()); err != nil {
			return nil, fmt.Errorf("sandbox: seed: %w", err)
		}
		s.st.version++
	}
	for _, g := range opts.Grow {
		if err := s.grow(g); err != nil {
			return nil, fmt.Errorf("sandbox: grow: %w", err)
		}
	}
	if opts.StatePath != "" {
		s.saver = newSaver(opts.StatePath, s.snapshot, s.logf)
		s.saver.poke()
	}
	return s, nil
}

// Close writes the state one last time (when it has a path) and stops the saver.
func (s *Server) Close() error {
	if s.saver == nil {
		return nil
	}
	if err := s.saver.close(); err != nil {
		return fmt.Errorf("sandbox: save state: %w", err)
	}
	return nil
}

// changed records a change of the state; the caller holds s.mu.
func (s *Server) changed() {
	s.st.version++
	if s.saver != nil {
		s.saver.poke()
	}
}

// call is one request on its way through the server.
type call struct {
	s      *Server
	w      *recorder
	r      *http.Request
	now    time.Time
	key    *Key
	params []string
}

func (c *call) fail(e *apiError) {
	for k, v := range e.header {
		c.w.Header()[k] = v
	}
	writeJSON(c.w, e.status, e.body())
}

func (c *call) ok(status int, body obj) {
	writeJSON(c.w, status, append(obj{{"ok", true}}, body...))
}

// recorder remembers the status for the log and whether an answer was started, so a
// recovered panic only writes its 500 onto an untouched response.
type recorder struct {
	http.ResponseWriter
	status int
}

func (w *recorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	c := &call{s: s, w: &recorder{ResponseWriter: w}, r: r, now: s.now()}
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			if s.logf != nil {
				s.logf("panic serving %s %s: %v", r.Method, r.URL.Path, v)
			}
			if c.w.status == 0 {
				c.fail(errInternal())
			}
		}
		if s.logf != nil {
			name := "-"
			if c.key != nil {
				name = c.key.Name
			}
			status := c.w.status
			if status == 0 {
				status = http.StatusOK // net/http's answer when nothing was written
			}
			s.logf("%s %s %d %s key %s", r.Method, r.URL.Path, status,
				time.Since(start).Round(time.Microsecond), name)
		}
	}()
	if s.testHook != nil {
		s.testHook(r)
	}
	s.dispatch(c)
}
