package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// A listing is read field by field. One malformed value (a datetime in a form never
// seen, a number sent as an object) would otherwise fail the whole page of a hundred
// listings; instead that field is left at its zero value and named in the listing's
// Problems, and everything readable is kept. Which fields came is remembered too, so
// that a listing written back out (show --json) holds only what the service sent, not
// zero values for the rest.

// FieldProblem is a field of an answer that could not be read.
type FieldProblem struct {
	Field  string
	Reason string

	raw json.RawMessage // the value as it came, for an id written back (HasID)
}

func (p FieldProblem) String() string { return p.Field + ": " + p.Reason }

// fieldInfo is one JSON field of a struct, with the path to it through embedded
// structs.
type fieldInfo struct {
	name  string
	index []int
	omit  bool // omitempty
}

var fieldCache sync.Map // reflect.Type → []fieldInfo

// jsonFields lists the JSON fields of struct type t in order, embedded structs
// flattened, skipping `json:"-"` and unexported fields.
func jsonFields(t reflect.Type) []fieldInfo {
	if v, ok := fieldCache.Load(t); ok {
		return v.([]fieldInfo)
	}
	var out []fieldInfo
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			idx := append(append([]int(nil), index...), i)
			tag := f.Tag.Get("json")
			if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type, idx)
				continue
			}
			if !f.IsExported() || tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if name == "" {
				name = f.Name
			}
			out = append(out, fieldInfo{name: name, index: idx, omit: strings.Contains(opts, "omitempty")})
		}
	}
	walk(t, nil)
	fieldCache.Store(t, out)
	return out
}

// decodeFields fills the struct dst points to from the JSON object data, field by
// field. It returns which fields came (a bit per field, in jsonFields order) and the
// fields that could not be read. Only data that is not an object at all fails.
func decodeFields(data []byte, dst any) (sent uint64, problems []FieldProblem, err error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return 0, nil, err
	}
	if obj == nil {
		return 0, nil, fmt.Errorf("expected an object, got null")
	}
	v := reflect.ValueOf(dst).Elem()
	for i, f := range jsonFields(v.Type()) {
		raw, ok := obj[f.name]
		if !ok {
			continue
		}
		if i < 64 {
			sent |= 1 << i
		}
		fv := v.FieldByIndex(f.index)
		if err := json.Unmarshal(raw, fv.Addr().Interface()); err != nil {
			fv.SetZero()
			problems = append(problems, FieldProblem{Field: f.name, Reason: readable(err), raw: raw})
		}
	}
	return sent, problems, nil
}

// encodeSent writes the fields of src that were sent (all of them when sent is the
// zero set, i.e. the value was not decoded from the service), in struct order.
func encodeSent(src any, sent uint64) ([]byte, error) {
	v := reflect.ValueOf(src)
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for i, f := range jsonFields(v.Type()) {
		fv := v.FieldByIndex(f.index)
		if sent != 0 && (i >= 64 || sent&(1<<i) == 0) {
			continue
		}
		if sent == 0 && f.omit && fv.IsZero() {
			continue
		}
		val, err := json.Marshal(fv.Interface())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		name, _ := json.Marshal(f.name)
		b.Write(name)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// readable is a decoding error as a short reason.
func readable(err error) string {
	var te *json.UnmarshalTypeError
	if e, ok := err.(*json.UnmarshalTypeError); ok {
		te = e
		return fmt.Sprintf("a JSON %s where %s was expected", te.Value, te.Type)
	}
	return truncate(err.Error(), 80)
}

// sentField reports whether field is in the sent set of the struct v points to.
func sentField(v any, sent uint64, field string) bool {
	if sent == 0 {
		return true
	}
	for i, f := range jsonFields(reflect.TypeOf(v).Elem()) {
		if f.name == field {
			return i < 64 && sent&(1<<i) != 0
		}
	}
	return false
}

// HasID reports whether the listing came with an id the client can use: a positive
// integer. One sent as a string, a fraction, a number too large, null, or not sent
// at all is left 0 (and a negative one is none either): such a listing is its own,
// never another of id 0, and nothing is asked of the service by it (there is no id
// to ask with). Screens mark its id unreadable; JSON writes it as MarshalJSON says.
func (l *Listing) HasID() bool { return l.ID > 0 }

// Unreadable reports whether the service sent field (a JSON name) in a form that could
// not be read: the screen marks it rather than showing its zero value as the truth.
func (l *Listing) Unreadable(field string) bool {
	for _, p := range l.Problems {
		if p.Field == field {
			return true
		}
	}
	return false
}
