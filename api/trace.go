package api

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Environment variables of the debug trace.
const (
	EnvDebug     = "LISTINGS_DEBUG"      // a comma-separated list; "api" turns the trace on
	EnvDebugFile = "LISTINGS_DEBUG_FILE" // where the trace goes instead of the default file
)

// TraceFromEnv opens the trace file when LISTINGS_DEBUG names "api": LISTINGS_DEBUG_FILE
// if set, else <user cache dir>/listings/api-trace.log, appended to and private to the
// user. It returns a nil writer and no error when the trace is off; the caller passes
// the writer to WithTrace and closes it on exit.
func TraceFromEnv() (w io.WriteCloser, path string, err error) {
	if !debugWants(os.Getenv(EnvDebug), "api") {
		return nil, "", nil
	}
	path = os.Getenv(EnvDebugFile)
	if path == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return nil, "", fmt.Errorf("api trace: no cache directory for the trace file (set %s): %w", EnvDebugFile, err)
		}
		path = filepath.Join(dir, "listings", "api-trace.log")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, "", fmt.Errorf("api trace: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, "", fmt.Errorf("api trace: %w", err)
	}
	return f, path, nil
}

func debugWants(v, what string) bool {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(strings.ToLower(p)); p == what || p == "all" || p == "1" {
			return true
		}
	}
	return false
}

// traceLine writes one line per attempt: time, method, path and query, status (or what
// went wrong), duration and the budget after it. Headers are never written, so neither
// is the key.
func (c *Client) traceLine(cl *call, r attemptResult, attempt int, d time.Duration) {
	if c.trace == nil {
		return
	}
	path := cl.path
	if len(cl.query) > 0 {
		path += "?" + cl.query.Encode()
	}
	status := "-"
	switch {
	case r.status != 0:
		status = fmt.Sprint(r.status)
	case r.final:
		status = "not-sent"
	}
	var extra strings.Builder
	if attempt > 0 {
		fmt.Fprintf(&extra, " retry=%d", attempt)
	}
	if e, ok := AsError(r.err); ok {
		fmt.Fprintf(&extra, " error=%s", traceWord(e.Code))
	} else if r.err != nil {
		extra.WriteString(" error=unreachable")
	}
	if cl.upload != nil {
		fmt.Fprintf(&extra, " bytes=%d", cl.upload.size)
	}
	b := c.lim.budget()
	line := fmt.Sprintf("%s %s %s %s %s budget=%d/%dm %d/%dd%s\n",
		c.now().In(Kyiv).Format(time.RFC3339), cl.method, path, status,
		d.Round(time.Millisecond), b.UsedMinute, b.PerMinute, b.UsedToday, b.PerDay, extra.String())
	c.traceMu.Lock()
	defer c.traceMu.Unlock()
	_, _ = io.WriteString(c.trace, line) // a broken trace must not break the request
}

const redacted = "[redacted]"

// traceWord is a word from the service (an error code) as the trace writes it: as it
// is when it is a plain code, else quoted with its escapes and line breaks shown, and
// cut, so that no answer writes raw escapes to a terminal tailing the trace or forges
// a line of it.
func traceWord(s string) string {
	plain := len(s) > 0 && len(s) <= 64
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	if len(s) > 64 {
		s = s[:64]
	}
	return strconv.QuoteToASCII(s)
}

// redactErr is the safety net that keeps the key out of every error that leaves the
// package, even if the service or a transport echoed it.
func redactErr(err error, key string) error {
	if err == nil || len(key) < 4 {
		return err
	}
	if e, ok := AsError(err); ok {
		scrubError(e, key)
	}
	if msg := err.Error(); strings.Contains(msg, key) {
		return &redactedError{msg: strings.ReplaceAll(msg, key, redacted), cause: err}
	}
	return err
}

func scrubError(e *Error, key string) {
	e.Hint = strings.ReplaceAll(e.Hint, key, redacted)
	e.Field = strings.ReplaceAll(e.Field, key, redacted)
	for i := range e.Errors {
		e.Errors[i].Hint = strings.ReplaceAll(e.Errors[i].Hint, key, redacted)
	}
	for k, v := range e.Extra {
		if strings.Contains(string(v), key) {
			e.Extra[k] = []byte(strings.ReplaceAll(string(v), key, redacted))
		}
	}
}

// redactedError hides a message that contained the key. It does not unwrap to the
// original (whose text holds the key) but still answers errors.Is for the conditions
// callers test.
type redactedError struct {
	msg   string
	cause error
}

func (e *redactedError) Error() string { return e.msg }

func (e *redactedError) Is(target error) bool {
	return target != nil && errors.Is(e.cause, target)
}

// As lets AsError see the *Error inside, which scrubError has already cleaned.
func (e *redactedError) As(target any) bool {
	if t, ok := target.(**Error); ok {
		if inner, ok := AsError(e.cause); ok {
			*t = inner
			return true
		}
	}
	return false
}

func baseName(p string) string {
	if p == "" {
		return "(unnamed file)"
	}
	return filepath.Base(p)
}
