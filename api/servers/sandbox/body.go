package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
)

// maxJSONBody is the size limit of a JSON body (docs/sandbox.md: 1 MiB).
const maxJSONBody = 1 << 20

// readJSON checks the Content-Type (415), the size (413) and the syntax (400) of a JSON
// body, in that documented order, and returns its members.
func readJSON(c *call) (map[string]json.RawMessage, *apiError) {
	mt, _, err := mime.ParseMediaType(c.r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return nil, errUnsupportedMedia("application/json; charset=utf-8")
	}
	tooLarge := errTooLarge("JSON bodies are at most 1 MiB")
	if c.r.ContentLength > maxJSONBody {
		return nil, tooLarge
	}
	raw, err := io.ReadAll(io.LimitReader(c.r.Body, maxJSONBody+1))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLarge
		}
		return nil, errInvalidJSON("", "the body could not be read: "+err.Error())
	}
	if len(raw) > maxJSONBody {
		return nil, tooLarge
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, errInvalidJSON("", "the body must be a JSON object")
	}
	return m, nil
}

// opt is a body member: absent, null, or set to a value.
type opt[T any] struct {
	present, null bool
	v             T
}

func (o opt[T]) set() bool { return o.present && !o.null }

// fields decodes body members one by one, so absent and null stay apart and the first
// member of the wrong JSON type is reported by name.
type fields struct {
	m   map[string]json.RawMessage
	err *apiError
}

var nullJSON = []byte("null")

// get decodes member name into T; a type mismatch records a 400 invalid_json.
func get[T any](f *fields, name, want string) opt[T] {
	var o opt[T]
	raw, ok := f.m[name]
	if !ok {
		return o
	}
	o.present = true
	if bytes.Equal(bytes.TrimSpace(raw), nullJSON) {
		o.null = true
		return o
	}
	if err := json.Unmarshal(raw, &o.v); err != nil {
		if f.err == nil {
			f.err = errInvalidJSON(name, "the field "+name+" must be "+want)
		}
		o.present = false
	}
	return o
}

func (f *fields) str(name string) opt[string] { return get[string](f, name, "a string") }

func (f *fields) num(name string) opt[float64] { return get[float64](f, name, "a number") }

func (f *fields) integer(name string) opt[int] { return get[int](f, name, "an integer") }

func (f *fields) boolean(name string) opt[bool] { return get[bool](f, name, "true or false") }

func (f *fields) strs(name string) opt[[]string] {
	return get[[]string](f, name, "an array of strings")
}

func (f *fields) object(name string) opt[map[string]json.RawMessage] {
	return get[map[string]json.RawMessage](f, name, "a JSON object")
}
