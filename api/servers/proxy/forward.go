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
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
)

// forward reads the frame whole, then passes it on. The frame is held in memory (at most
// 12 MiB, within the budget of MaxBuffered for all frames) rather than streamed, because
// then an oversize or non-photo file is refused before any request is spent, the
// upstream request has an exact Content-Length, and a slow caller never holds one of the
// places to the service while its frame trickles in: a place is taken only once the
// frame is whole.
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

	// The body's deadline holds both for the connection (a caller that trickles is cut
	// off) and for the wait for memory; the answer's deadline leaves room for the forward.
	bodyBy := rq.began.Add(rq.h.bodyTimeout)
	rc := http.NewResponseController(rq.w)
	_ = rc.SetReadDeadline(bodyBy) // not supported under a test recorder; the context still bounds the wait
	_ = rc.SetWriteDeadline(bodyBy.Add(rq.h.timeout + writeSlack))
	bodyCtx, cancelBody := context.WithDeadline(r.Context(), bodyBy)
	buf := &frameBuffer{mem: rq.h.mem}
	defer buf.release()
	name, ok := rq.readFile(bodyCtx, buf, multipart.NewReader(
		http.MaxBytesReader(rq.w, r.Body, media.MaxPhotoBytes+bodySlack), params["boundary"]))
	cancelBody()
	if !ok {
		return
	}
	data := buf.data
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

	// From here the frame has Timeout: for a place, the request budget and the forward.
	// A caller that goes away cancels r's context, which frees its place at once.
	ctx, cancel := context.WithTimeout(r.Context(), rq.h.timeout)
	defer cancel()
	select {
	case rq.h.slots <- struct{}{}:
		defer func() { <-rq.h.slots }()
	case <-ctx.Done():
		if r.Context().Err() != nil {
			rq.log(0, "client_gone")
			return
		}
		rq.w.Header().Set("Retry-After", "5")
		rq.failWith(errorBody{Error: "proxy_busy", RetryAfter: 5, Hint: fmt.Sprintf(
			"all %d places to the Listings API were taken by frames it has not answered within %s; try again in a few seconds",
			cap(rq.h.slots), rq.h.timeout)}, http.StatusServiceUnavailable)
		return
	}
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

// readFile reads into buf the content of the first part named file, and returns its
// name, reading no further than the size limit; any earlier parts are skipped.
func (rq *request) readFile(ctx context.Context, buf *frameBuffer, mr *multipart.Reader) (name string, ok bool) {
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			rq.fail(http.StatusBadRequest, "file_required", "send the frame in a multipart part named file")
			return "", false
		}
		if err != nil {
			rq.readFailed(err)
			return "", false
		}
		if p.FormName() != "file" {
			if _, err := io.Copy(io.Discard, p); err != nil {
				rq.readFailed(err)
				return "", false
			}
			continue
		}
		n, err := buf.readFrom(ctx, p, media.MaxPhotoBytes+1)
		rq.size = n
		switch {
		case err != nil:
			rq.readFailed(err)
			return "", false
		case n > media.MaxPhotoBytes:
			rq.tooLarge()
			return "", false
		case n == 0:
			rq.fail(http.StatusBadRequest, "file_empty", "the part named file is empty; send the frame's bytes")
			return "", false
		}
		return p.FileName(), true
	}
}

func (rq *request) readFailed(err error) {
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		rq.tooLarge()
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, context.DeadlineExceeded):
		// Before the check of r's context: net/http cancels it on any read error.
		rq.w.Header().Set("Connection", "close")
		rq.fail(http.StatusRequestTimeout, "body_timeout", fmt.Sprintf(
			"the frame could not be read within %s (a slow connection, or the proxy's memory for frames full); "+
				"send it again, on a faster connection or smaller", rq.h.bodyTimeout))
	case rq.r.Context().Err() != nil:
		rq.log(0, "client_gone")
	default:
		rq.fail(http.StatusBadRequest, "invalid_multipart", "the multipart body cannot be read: "+truncate(err.Error(), maxLogDetail))
	}
}

// tooLarge refuses without reading the rest: the connection is closed instead of
// drained, so a client cannot make the proxy swallow an endless body.
func (rq *request) tooLarge() {
	rq.w.Header().Set("Connection", "close")
	rq.fail(http.StatusRequestEntityTooLarge, api.CodePayloadTooLarge,
		"photo files are at most "+media.FileSize(media.MaxPhotoBytes)+" ("+media.ExactBytes(media.MaxPhotoBytes)+"); send a smaller frame")
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
		rq.h.logf("proxy: forward from %s failed: %s", plain(clientIP(rq.r), 64), strconv.Quote(truncate(err.Error(), maxLogDetail)))
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
