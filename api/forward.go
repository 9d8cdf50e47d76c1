package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/listings-tui/listings/api/client/media"
)

// Forwarded is an answer of the service passed on as it came, for a server-side proxy
// that must return the status code and body unchanged (the spec's 3D capture widget).
type Forwarded struct {
	Status int
	Header http.Header
	Body   []byte
}

// ForwardPhoto sends size bytes of src to the photo upload as the multipart part "file"
// named filename, exactly once, and returns the service's answer whatever its status:
// a 4xx or 5xx is a Forwarded, not an error, because a proxy passes it on unchanged.
//
// It spends the request budget like every other call and writes the trace line, but it
// never retries: the browser that sent the frame decides what to do with a failure. The
// part's Content-Type comes from the content, so src must be a JPG, PNG, WebP or HEIC.
//
// The error is non-nil only when no answer came: an *Error of Status 0 when the budget
// refused to send (rate_limit_exceeded, daily_limit_exceeded), an *UnreachableError
// when the network failed, or another error for a local fault. No error, header or
// body it returns contains the key.
func (c *Client) ForwardPhoto(ctx context.Context, filename string, src io.ReaderAt, size int64) (*Forwarded, error) {
	const op = "forward photo"
	format, err := sniffAt(src, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if !format.IsPhoto() {
		return nil, fmt.Errorf("%s: the file is not a JPG, PNG, WebP or HEIC photo%s", op, seenAs(format))
	}
	if size > media.MaxPhotoBytes {
		return nil, fmt.Errorf("%s: %s for a photo", op, media.OverLimit(size, media.MaxPhotoBytes))
	}
	key, err := c.apiKey(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	head, tail, formType, err := multipartFrame(filename, contentType(format))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	cl := &call{op: op, method: http.MethodPost, path: "/api/v1/upload/photo", upload: &uploadBody{
		size:        int64(len(head)) + size + int64(len(tail)),
		contentType: formType,
		open: func() (io.ReadCloser, error) {
			return io.NopCloser(io.MultiReader(bytes.NewReader(head), io.NewSectionReader(src, 0, size),
				bytes.NewReader(tail))), nil
		},
	}}

	began := c.now()
	r := c.attempt(ctx, cl, key, nil)
	if r.status == http.StatusTooManyRequests && r.err == nil {
		// The budget must learn of the service's 429 as it does for any other call.
		if e := decodeError(r.status, r.header, r.body); e.Code == CodeDailyLimitExceeded {
			c.lim.dailyLimited(e)
		} else {
			c.lim.rateLimited(e)
		}
	}
	c.traceLine(cl, r, 0, c.now().Sub(began))

	switch {
	case r.err != nil && r.status == 0 && r.final:
		return nil, redactErr(fmt.Errorf("%s: %w", op, r.err), key) // refused by the budget or before sending
	case r.err != nil && r.status == 0:
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", op, ctx.Err())
		}
		return nil, redactErr(fmt.Errorf("%s: %w", op, &UnreachableError{URL: c.BaseURL(), Err: r.err}), key)
	case r.err != nil:
		return nil, redactErr(fmt.Errorf("%s: %w", op, r.err), key)
	}
	return &Forwarded{Status: r.status, Header: scrubHeader(r.header, key), Body: scrubBytes(r.body, key)}, nil
}

// sniffAt reads the leading bytes of src to recognise its format.
func sniffAt(src io.ReaderAt, size int64) (media.Format, error) {
	if size <= 0 {
		return media.Unknown, errors.New("the file is empty")
	}
	head := make([]byte, min(size, media.SniffLen))
	if _, err := src.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return media.Unknown, fmt.Errorf("read the file: %w", err)
	}
	return media.Sniff(head), nil
}

// scrubBytes replaces the key wherever an answer echoed it: a proxy hands the body to
// a browser, where the key must never arrive.
func scrubBytes(b []byte, key string) []byte {
	if len(key) < 4 || !bytes.Contains(b, []byte(key)) {
		return b
	}
	return bytes.ReplaceAll(b, []byte(key), []byte(redacted))
}

func scrubHeader(h http.Header, key string) http.Header {
	h = h.Clone()
	for name, vs := range h {
		for i, v := range vs {
			if len(key) >= 4 && strings.Contains(v, key) {
				h[name][i] = strings.ReplaceAll(v, key, redacted)
			}
		}
	}
	return h
}
