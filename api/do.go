package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"sync/atomic"
	"time"
)

// Backoff between retries of 5xx and network errors: doubled per attempt from
// backoffBase up to backoffCap, with jitter over the upper half.
const (
	backoffBase = 500 * time.Millisecond
	backoffCap  = 8 * time.Second
	// maxRateLimitWait bounds how long a 429 rate_limit_exceeded is waited out before
	// a retry; a per-minute window never asks for more.
	maxRateLimitWait = 2 * time.Minute
)

// call is one API operation.
type call struct {
	op          string // for error context: "list listings"
	method      string
	path        string
	query       url.Values
	body        any         // JSON body, or nil
	upload      *uploadBody // multipart body, or nil
	out         any         // decoded from a 2xx answer, or nil
	unshown     bool        // the spec does not show the 2xx body: any but ok=false or HTML is a success
	retryUnsent bool        // a POST may be retried if it never left the machine
}

// uploadBody is a multipart body that can be produced again for a retry.
type uploadBody struct {
	size        int64
	contentType string
	open        func() (io.ReadCloser, error)
}

// attemptResult is what one attempt produced.
type attemptResult struct {
	status int
	header http.Header
	body   []byte
	wrote  bool // the request headers were written to a connection
	final  bool // return err as it is, without a retry
	err    error
}

// do runs a call with the budget, retries and error mapping; every error it returns
// names the operation and never contains the key.
func (c *Client) do(ctx context.Context, cl *call) error {
	key, err := c.apiKey(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", cl.op, err)
	}
	err = c.run(ctx, cl, key)
	if err != nil {
		return redactErr(fmt.Errorf("%s: %w", cl.op, err), key)
	}
	return nil
}

func (c *Client) run(ctx context.Context, cl *call, key string) error {
	var payload []byte
	if cl.body != nil {
		var err error
		if payload, err = json.Marshal(cl.body); err != nil {
			return fmt.Errorf("encode the request body: %w", err)
		}
	}
	idempotent := cl.method != http.MethodPost
	start := c.now()
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return err // no slot of the budget for a call already given up
		}
		began := c.now()
		r := c.attempt(ctx, cl, key, payload)
		var e *Error
		switch {
		case r.err != nil:
		case r.status >= 200 && r.status < 300:
			r.err, r.final = decodeSuccess(r.status, r.header, r.body, cl.out, cl.unshown), true
		default:
			e = httpError(cl, r)
			r.err = e
		}
		c.traceLine(cl, r, attempt, c.now().Sub(began))
		if r.header != nil {
			c.lim.observe(r.header)
		}

		switch {
		case r.final:
			return r.err
		case e == nil: // no answer
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if idempotent || (cl.retryUnsent && !r.wrote) {
				if wait, ok := c.backoff(attempt, start, 0); ok {
					if err := c.sleep(ctx, wait); err != nil {
						return err
					}
					continue
				}
			}
			return &UnreachableError{URL: c.BaseURL(), Err: r.err}
		case e.Code == CodeDailyLimitExceeded:
			c.lim.dailyLimited(e)
		case r.status == http.StatusTooManyRequests:
			wait := c.lim.rateLimited(e)
			// The limiter holds the next attempt until the service's window lifts.
			if idempotent && attempt < c.maxRetries && wait <= maxRateLimitWait {
				continue
			}
		case r.status >= 500 && idempotent:
			if wait, ok := c.backoff(attempt, start, e.RetryAfter); ok {
				if err := c.sleep(ctx, wait); err != nil {
					return err
				}
				continue
			}
		}
		return e
	}
}

// httpError maps an answer that is not 2xx.
func httpError(cl *call, r attemptResult) *Error {
	e := decodeError(r.status, r.header, r.body)
	e.Method, e.Path = cl.method, cl.path
	if r.status >= 300 && r.status < 400 && e.Code == CodeBadResponse {
		e.Hint = fmt.Sprintf("the server answered %d, a redirect to %q; check the base URL",
			r.status, truncate(r.header.Get("Location"), 120))
	}
	return e
}

// backoff returns the wait before retry number attempt+1, and false when the retry
// would exceed the count or time bound.
func (c *Client) backoff(attempt int, start time.Time, atLeast time.Duration) (time.Duration, bool) {
	if attempt >= c.maxRetries {
		return 0, false
	}
	d := backoffBase << attempt
	if d > backoffCap || d <= 0 {
		d = backoffCap
	}
	d = d/2 + rand.N(d/2+1)
	if atLeast > d {
		d = atLeast
	}
	if c.now().Add(d).Sub(start) > c.maxElapsed {
		return 0, false
	}
	return d, true
}

// attempt sends the request once, holding a budget slot until the answer is read.
func (c *Client) attempt(ctx context.Context, cl *call, key string, payload []byte) attemptResult {
	s, err := c.lim.reserve(ctx)
	if err != nil {
		return attemptResult{err: err, final: true}
	}
	defer c.lim.done(s)

	timeout := c.timeout
	if cl.upload != nil {
		timeout = c.uploadTimeout
	}
	actx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	var wrote atomic.Bool
	actx = httptrace.WithClientTrace(actx, &httptrace.ClientTrace{
		WroteHeaders: func() { wrote.Store(true) },
	})
	req, err := c.newRequest(actx, cl, key, payload)
	if err != nil {
		return attemptResult{err: err, final: true}
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		if !wrote.Load() && ctx.Err() != nil {
			c.lim.release(s) // given up before it was sent: nothing was spent
		}
		return attemptResult{err: err, wrote: wrote.Load()}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes+1))
	r := attemptResult{status: resp.StatusCode, header: resp.Header, body: body, wrote: true}
	switch {
	case err != nil:
		r.err = fmt.Errorf("reading the answer (HTTP %d): %w", resp.StatusCode, err)
	case len(body) > maxResponseBytes:
		r.err = badResponse(resp.StatusCode, "the server answered %d with a body over %d MiB", resp.StatusCode, maxResponseBytes>>20)
		r.final = true // not a network fault: do not retry
	}
	return r
}

func (c *Client) newRequest(ctx context.Context, cl *call, key string, payload []byte) (*http.Request, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	var upload io.ReadCloser
	if cl.upload != nil {
		var err error
		if upload, err = cl.upload.open(); err != nil {
			return nil, err
		}
		body = upload
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, c.endpoint(cl.path, cl.query), body)
	if err != nil {
		if upload != nil {
			upload.Close()
		}
		return nil, fmt.Errorf("build the request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	switch {
	case cl.upload != nil:
		req.Header.Set("Content-Type", cl.upload.contentType)
		req.ContentLength = cl.upload.size
		req.GetBody = cl.upload.open
	case payload != nil:
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
	}
	return req, nil
}
