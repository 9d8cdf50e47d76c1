package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// envelope holds the fields every answer may carry.
type envelope struct {
	OK    *bool           `json:"ok"`
	Error json.RawMessage `json:"error"`
}

// decodeSuccess decodes a 2xx answer into out; a body with ok=false is read as an
// error answer after all. unshown is for an answer whose body the spec does not show
// (a status change): the status code says the request was done, so an empty body, or
// one that is not the JSON object expected, is a success with out read as far as it
// could be. An HTML page is still an error there: it is a proxy's, not the service's.
func decodeSuccess(status int, h http.Header, body []byte, out any, unshown bool) error {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		if unshown || out == nil {
			return nil
		}
		return badResponse(status, "the server answered %d with an empty body instead of JSON", status)
	}
	if looksLikeHTML(h, trimmed) {
		return badResponse(status, "the server answered %d with an HTML page instead of JSON; "+
			"a captive portal, proxy or wrong base URL may be in the way", status)
	}
	var env envelope
	if err := json.Unmarshal(trimmed, &env); err != nil {
		if unshown {
			return nil
		}
		return badJSON(status, err, len(trimmed))
	}
	if env.OK != nil && !*env.OK {
		return decodeError(status, h, body)
	}
	if out == nil {
		return nil
	}
	// A field of the wrong type leaves that field unset and the others read
	// (encoding/json goes on past it), which is what unshown wants.
	if err := json.Unmarshal(trimmed, out); err != nil && !unshown {
		return badJSON(status, err, len(trimmed))
	}
	return nil
}

// decodeError maps a non-2xx answer (or one with ok=false) to an *Error. It never
// fails: whatever the body is, the result names the status and what was wrong.
func decodeError(status int, h http.Header, body []byte) *Error {
	trimmed := bytes.TrimSpace(body)
	var e *Error
	switch {
	case len(trimmed) == 0:
		e = badResponse(status, "the server answered %d %s with an empty body", status, statusText(status))
	case looksLikeHTML(h, trimmed):
		e = badResponse(status, "the server answered %d %s with an HTML page instead of JSON; "+
			"a proxy or gateway may be in the way — try again later", status, statusText(status))
	default:
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(trimmed, &fields); err != nil {
			e = badJSON(status, err, len(trimmed))
			break
		}
		e = errorFromFields(status, fields)
	}
	if e.RetryAfter == 0 {
		e.RetryAfter = parseRetryAfter(h.Get("Retry-After"), time.Now())
	}
	return e
}

// errorFromFields reads the spec's error body plus the extras the sandbox documents;
// any other field is kept in Extra.
func errorFromFields(status int, fields map[string]json.RawMessage) *Error {
	e := &Error{Status: status}
	str := func(name string) string {
		var s string
		if raw, ok := fields[name]; ok && json.Unmarshal(raw, &s) == nil {
			return s
		}
		return ""
	}
	e.Code, e.Hint = str("error"), str("hint")
	if e.Code == "" {
		msg := e.Hint
		if msg == "" {
			msg = str("message")
		}
		e.Code = CodeBadResponse
		e.Hint = fmt.Sprintf("the server answered %d %s without an error code", status, statusText(status))
		if msg != "" {
			e.Hint += ": " + msg
		}
	}
	e.Field, e.YourIP, e.Scope = str("field"), str("your_ip"), str("scope")
	if raw, ok := fields["errors"]; ok {
		_ = json.Unmarshal(raw, &e.Errors) // an odd shape is still kept in Extra
	}
	if raw, ok := fields["existing_listing_id"]; ok {
		_ = json.Unmarshal(raw, &e.ExistingListingID)
	}
	if raw, ok := fields["retry_after"]; ok {
		var secs float64
		if json.Unmarshal(raw, &secs) == nil && secs > 0 && secs < 1e6 {
			e.RetryAfter = time.Duration(secs * float64(time.Second))
		}
	}
	if s := str("resets_at"); s != "" {
		if t, err := ParseTime(s); err == nil {
			e.ResetsAt = t.Time
		}
	}
	for _, known := range []string{"ok", "error", "hint", "field", "your_ip", "scope",
		"errors", "existing_listing_id", "retry_after", "resets_at"} {
		delete(fields, known)
	}
	if len(fields) > 0 {
		e.Extra = fields
	}
	return e
}

func badResponse(status int, format string, args ...any) *Error {
	return &Error{Status: status, Code: CodeBadResponse, Hint: fmt.Sprintf(format, args...)}
}

// badJSON describes a body of n bytes that does not decode, telling truncation from a
// wrong shape.
func badJSON(status int, err error, n int) *Error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && syn.Offset >= int64(n) && strings.Contains(syn.Error(), "unexpected end"):
		return badResponse(status, "the server answered %d with a truncated JSON body", status)
	case errors.As(err, &syn):
		return badResponse(status, "the server answered %d with a body that is not valid JSON (at byte %d)",
			status, syn.Offset)
	case errors.As(err, &typ):
		return badResponse(status, "the server answered %d with JSON of an unexpected shape (%s is %s, expected %s)",
			status, fieldName(typ), typ.Value, typ.Type)
	default:
		return badResponse(status, "the server answered %d with JSON that could not be read: %s",
			status, truncate(err.Error(), 120))
	}
}

func fieldName(typ *json.UnmarshalTypeError) string {
	if typ.Field == "" {
		return "the body"
	}
	return strconvQuote(typ.Field)
}

func looksLikeHTML(h http.Header, body []byte) bool {
	if ct := strings.ToLower(h.Get("Content-Type")); strings.HasPrefix(ct, "text/html") {
		return true
	}
	return len(body) > 0 && body[0] == '<'
}

func strconvQuote(s string) string { return strconv.Quote(truncate(s, 60)) }

func statusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return t
	}
	return "(unknown status)"
}

// parseRetryAfter reads Retry-After as seconds or as an HTTP date.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs <= 0 || secs > 1e6 {
			return 0
		}
		return time.Duration(secs * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
