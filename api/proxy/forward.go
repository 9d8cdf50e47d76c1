package proxy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/media"
)

// bodySlack is what a request may carry beyond the file: boundaries, part headers and
// small fields, as the service allows (docs/sandbox.md).
const bodySlack = 1 << 20

// maxFilename bounds the part's file name passed on; the service needs none of it.
const maxFilename = 100

// forward reads the frame and passes it on. The frame is held in memory (at most
// 12 MiB, and at most MaxConcurrent frames at once) rather than streamed, because then
// an oversize or non-photo file is refused before any request is spent, the upstream
// request has an exact Content-Length, and a slow browser upload never holds one of the
// key's request slots while it trickles in.
func (rq *request) forward() {
	r := rq.r
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		rq.fail(http.StatusUnsupportedMediaType, api.CodeUnsupportedMediaType,
			"send the frame as multipart/form-data with the file in a part named file")
		return
	}
	if params["boundary"] == "" {
		rq.fail(http.StatusBadRequest, "invalid_multipart", "the multipart/form-data Content-Type has no boundary")
		return
	}
	if r.ContentLength > media.MaxPhotoBytes+bodySlack {
		rq.tooLarge()
		return
	}

	select {
	case rq.h.slots <- struct{}{}:
		defer func() { <-rq.h.slots }()
	case <-r.Context().Done():
		rq.log(0, "client_gone")
		return
	}

	data, name, ok := rq.readFile(multipart.NewReader(
		http.MaxBytesReader(rq.w, r.Body, media.MaxPhotoBytes+bodySlack), params["boundary"]))
	if !ok {
		return
	}
	format := media.Sniff(data[:min(len(data), media.SniffLen)])
	if !format.IsPhoto() {
		what := "its content is not a known format"
		if format != media.Unknown {
			what = "its content is " + strings.ToUpper(format.String())
		}
		rq.fail(http.StatusUnsupportedMediaType, api.CodeUnsupportedImageFormat,
			"the file is not a JPG, PNG, WebP or HEIC photo ("+what+")")
		return
	}
	rq.file = cleanFilename(name, format)

	ctx, cancel := context.WithTimeout(r.Context(), rq.h.timeout)
	defer cancel()
	fw, err := rq.h.client.ForwardPhoto(ctx, rq.file, bytes.NewReader(data), int64(len(data)))
	if err != nil {
		rq.upstreamFailed(err)
		return
	}
	h := rq.w.Header()
	for _, name := range []string{"Content-Type", "Retry-After"} {
		if v := fw.Header.Get(name); v != "" {
			h.Set(name, v)
		}
	}
	h.Set("X-Content-Type-Options", "nosniff")
	rq.w.WriteHeader(fw.Status)
	_, _ = rq.w.Write(fw.Body)
	rq.log(fw.Status, "")
}

// readFile returns the content and name of the first part named file, reading no
// further than the size limit; any earlier parts are skipped.
func (rq *request) readFile(mr *multipart.Reader) (data []byte, name string, ok bool) {
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			rq.fail(http.StatusBadRequest, "file_required", "send the frame in a multipart part named file")
			return nil, "", false
		}
		if err != nil {
			rq.readFailed(err)
			return nil, "", false
		}
		if p.FormName() != "file" {
			if _, err := io.Copy(io.Discard, p); err != nil {
				rq.readFailed(err)
				return nil, "", false
			}
			continue
		}
		var buf bytes.Buffer
		if n := rq.r.ContentLength; n > 0 {
			buf.Grow(int(min(n, media.MaxPhotoBytes+1)))
		}
		n, err := buf.ReadFrom(io.LimitReader(p, media.MaxPhotoBytes+1))
		rq.size = n
		switch {
		case err != nil:
			rq.readFailed(err)
			return nil, "", false
		case n > media.MaxPhotoBytes:
			rq.tooLarge()
			return nil, "", false
		case n == 0:
			rq.fail(http.StatusBadRequest, "file_empty", "the part named file is empty; send the frame's bytes")
			return nil, "", false
		}
		return buf.Bytes(), p.FileName(), true
	}
}

func (rq *request) readFailed(err error) {
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		rq.tooLarge()
	case rq.r.Context().Err() != nil:
		rq.log(0, "client_gone")
	default:
		rq.fail(http.StatusBadRequest, "invalid_multipart", "the multipart body cannot be read: "+truncate(err.Error(), 200))
	}
}

// tooLarge refuses without reading the rest: the connection is closed instead of
// drained, so a client cannot make the proxy swallow an endless body.
func (rq *request) tooLarge() {
	rq.w.Header().Set("Connection", "close")
	rq.fail(http.StatusRequestEntityTooLarge, api.CodePayloadTooLarge,
		"photo files are at most 12 MB (12 582 912 bytes); send a smaller frame")
}

// upstreamFailed answers a forward that got no answer from the service.
func (rq *request) upstreamFailed(err error) {
	if rq.r.Context().Err() != nil {
		rq.log(0, "client_gone")
		return
	}
	if e, ok := api.AsError(err); ok && e.Status == 0 && (e.Code == api.CodeRateLimitExceeded || e.Code == api.CodeDailyLimitExceeded) {
		secs := int(math.Ceil(e.RetryAfter.Seconds()))
		if secs < 1 {
			secs = 1
		}
		rq.w.Header().Set("Retry-After", fmt.Sprint(secs))
		hint := fmt.Sprintf("the proxy's API key has used its request budget; try again in %d s", secs)
		if e.Code == api.CodeDailyLimitExceeded {
			hint = "the proxy's API key has used its daily request budget; try again after " + e.ResetsAt.Format(time.RFC3339)
		}
		rq.failWith(errorBody{Error: e.Code, Hint: hint, RetryAfter: secs}, http.StatusTooManyRequests)
		return
	}
	rq.logDetail(err)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		rq.fail(http.StatusGatewayTimeout, "upstream_timeout",
			fmt.Sprintf("the Listings API did not answer within %s; try again later", rq.h.timeout))
	case api.IsUnreachable(err):
		rq.fail(http.StatusBadGateway, "upstream_unreachable",
			"the proxy could not reach the Listings API; try again later, and check the proxy's log if it persists")
	default:
		rq.fail(http.StatusBadGateway, "upstream_failed",
			"the proxy could not forward the frame; its log says why")
	}
}

// logDetail records why a forward failed; errors from api never contain the key.
func (rq *request) logDetail(err error) {
	if rq.h.logf != nil {
		rq.h.logf("proxy: forward from %s failed: %v", clientIP(rq.r), err)
	}
}

// cleanFilename keeps the browser's file name for the service's logs, without any
// directory, control characters or quotes, and bounded in length.
func cleanFilename(name string, f media.Format) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if len(name) > maxFilename {
		name = strings.TrimSuffix(truncate(name, maxFilename), "…")
	}
	if name == "" || name == "." || name == ".." {
		ext := f.String()
		if f == media.JPEG {
			ext = "jpg"
		}
		name = "frame." + ext
	}
	return name
}
