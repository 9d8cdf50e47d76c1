package sandbox

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// kv is one member of an ordered JSON object.
type kv struct {
	K string
	V any
}

// obj is a JSON object whose members keep the order they were added in, so answers
// read in the order the spec lists their fields.
type obj []kv

// MarshalJSON writes the members in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	if err := o.encode(&buf, newEncoder(&buf)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encode streams o into buf through enc, which writes into buf. Nested objects are
// streamed too: going through MarshalJSON would re-compact every level of the answer.
func (o obj) encode(buf *bytes.Buffer, enc *json.Encoder) error {
	buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := encodeValue(buf, enc, m.K); err != nil {
			return err
		}
		buf.WriteByte(':')
		if err := encodeValue(buf, enc, m.V); err != nil {
			return err
		}
	}
	buf.WriteByte('}')
	return nil
}

func encodeValue(buf *bytes.Buffer, enc *json.Encoder, v any) error {
	switch v := v.(type) {
	case obj:
		return v.encode(buf, enc)
	case []obj:
		buf.WriteByte('[')
		for i, o := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := o.encode(buf, enc); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
		return nil
	}
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode ends every value with a newline
	return nil
}

// newEncoder encodes without HTML escaping: URLs and titles with & or < stay readable,
// and the answers are never embedded in HTML.
func newEncoder(buf *bytes.Buffer) *json.Encoder {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc
}

// marshal encodes v as JSON without HTML escaping.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := encodeValue(&buf, newEncoder(&buf), v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeJSON sends v as the JSON answer with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"ok":false,"error":"internal_error","hint":"the answer could not be encoded; try again"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// apiError is an error answer: ok=false, error, hint and extra members.
type apiError struct {
	status int
	code   string
	hint   string
	extra  obj
	header http.Header // sent with the answer, e.g. Retry-After
}

func (e *apiError) Error() string { return e.code + ": " + e.hint }

func (e *apiError) with(k string, v any) *apiError {
	e.extra = append(e.extra, kv{k, v})
	return e
}

func (e *apiError) body() obj {
	o := obj{{"ok", false}, {"error", e.code}, {"hint", e.hint}}
	return append(o, e.extra...)
}

func newError(status int, code, hint string) *apiError {
	return &apiError{status: status, code: code, hint: hint}
}

// fieldError is one business-rule failure of a body, as listed in `errors`.
type fieldError struct {
	Field string `json:"field"`
	Code  string `json:"error"`
	Hint  string `json:"hint"`
}

// unprocessable builds the answer for the failures of a body: the first failure is
// the top-level error, all of them are listed in `errors`. The spec files missing
// fields under 400 ("malformed request") and business rules under 422, so a body
// that lacks a required field is 400 and any other is 422.
func unprocessable(errs []fieldError, extra ...kv) *apiError {
	status := http.StatusUnprocessableEntity
	for _, fe := range errs {
		if fe.Code == "required" {
			status = http.StatusBadRequest
		}
	}
	e := newError(status, errs[0].Code, errs[0].Hint)
	e.with("field", errs[0].Field)
	e.extra = append(e.extra, extra...)
	return e.with("errors", errs)
}

// fail422 is unprocessable for a single failure.
func fail422(field, code, hint string, extra ...kv) *apiError {
	return unprocessable([]fieldError{{Field: field, Code: code, Hint: hint}}, extra...)
}

func errInvalidJSON(field, hint string) *apiError {
	e := newError(http.StatusBadRequest, "invalid_json", hint)
	if field != "" {
		e.with("field", field)
	}
	return e
}

func errInvalidParam(field, hint string) *apiError {
	return newError(http.StatusBadRequest, "invalid_parameter", hint).with("field", field)
}

func errNotFound() *apiError {
	return newError(http.StatusNotFound, "not_found",
		"no such endpoint; the API lives under /api/v1/ (see the endpoint list in the docs)")
}

func errListingNotFound() *apiError {
	return newError(http.StatusNotFound, "listing_not_found",
		"no listing with this id among your listings; list them with GET /api/v1/my/listings?status=all")
}

func errInternal() *apiError {
	return newError(http.StatusInternalServerError, "internal_error",
		"the server failed to handle the request; try again, and report it if it keeps happening")
}

func errUnsupportedMedia(want string) *apiError {
	return newError(http.StatusUnsupportedMediaType, "unsupported_media_type",
		"send the body with Content-Type: "+want)
}

func errTooLarge(hint string) *apiError {
	return newError(http.StatusRequestEntityTooLarge, "payload_too_large", hint)
}
