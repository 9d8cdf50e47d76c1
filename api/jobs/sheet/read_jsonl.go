package sheet

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/listings-tui/listings/api/client/format"
)

// maxLineBytes bounds one line of JSON Lines: a listing with a description of 5 000
// characters written as \u escapes and 130 attributes is far under 1 MB.
const maxLineBytes = 4 << 20

// readJSONL reads one object per line. Values become cells as a spreadsheet would
// hold them: numbers as written, true/false, null as empty, an array's elements
// joined by Multi, and a nested "attributes" object as one attr.<code> column per
// key (a range {"from": 1, "to": 2} as "1-2"). The columns are the keys in the order
// they first appear; a key repeated in one object (case aside) is refused. Each
// line is read as it comes and bounded while it is: its length, its keys (at most
// MaxColumns, counted before any is kept), and its arrays.
func (o Options) readJSONL(in *text) (*Table, error) {
	b := o.builder(JSONL)
	b.utf8 = in.utf8
	if !in.note.OK() {
		b.note(in.note)
		b.t.Charset = in.charset
	}
	var line []byte
	for n := 1; ; n++ {
		var err error
		line, err = readLine(in.r, line[:0])
		if errors.Is(err, io.EOF) && len(line) == 0 {
			break
		}
		if errors.Is(err, errLongLine) {
			return nil, fmt.Errorf("line %d is over %d MB: a line holds one listing's object, far smaller (several objects on one line?)", n, maxLineBytes>>20)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, readErr(err)
		}
		raw := bytes.TrimSpace(line)
		if len(raw) == 0 {
			continue
		}
		where := fmt.Sprintf("line %d", n)
		if b.utf8 && !utf8.Valid(raw) {
			return nil, notUTF8(where)
		}
		row := Row{Line: n}
		err = jsonRow(raw, o.lim, func(key, v string) error {
			k := FoldColumn(key)
			if k == "" {
				if strings.TrimSpace(v) != "" {
					return fmt.Errorf("%s has a value under an empty key: name it, or leave it out", where)
				}
				return nil
			}
			if !b.named[k] {
				if err := b.column(key, fmt.Sprintf("the key %q of %s", k, where)); err != nil {
					return err
				}
			}
			if strings.TrimSpace(v) == "" {
				return nil
			}
			if err := b.cell(n, k, v); err != nil {
				return err
			}
			if row.Cells == nil {
				row.Cells = map[string]string{}
			}
			row.Cells[k] = v
			return nil
		})
		var p placed
		if errors.As(err, &p) {
			return nil, p.error
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if err := b.keep(row); err != nil {
			return nil, err
		}
	}
	if len(b.t.Columns) == 0 {
		return nil, errors.New(`no line holds a key: each line of a JSON Lines sheet is one {"title": …} object`)
	}
	return b.table()
}

var errLongLine = errors.New("line too long")

// placed is an error that says itself where it was met.
type placed struct{ error }

// readLine appends the next line (without its end) to buf, failing when it grows
// over maxLineBytes.
func readLine(r *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLineBytes {
			return buf, errLongLine
		}
		buf = append(buf, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return bytes.TrimSuffix(buf, []byte("\n")), err
		}
	}
}

// jsonRow reads one line's object, handing each key and its cell to put in order.
// Its errors are said of the line by the caller, but for put's own (placed).
func jsonRow(raw []byte, lim limits, put func(key, v string) error) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("not a JSON object: each line of a JSON Lines sheet is one {\"title\": …} object")
	}
	seen := map[string]bool{}
	key := func(k string) error {
		f := FoldColumn(k)
		if seen[f] && f != "" {
			return fmt.Errorf("the key %q appears twice: keep one", f)
		}
		if len(seen) >= lim.columns {
			return fmt.Errorf("more than %s keys in one object: a sheet has at most %s columns (an export of every category's attributes has about 130)",
				format.Number(lim.columns), format.Number(lim.columns))
		}
		seen[f] = true
		return nil
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return notJSON(err)
		}
		k, _ := tok.(string)
		if tok, err = d.Token(); err != nil {
			return notJSON(err)
		}
		if tok == json.Delim('{') && FoldColumn(k) == "attributes" {
			// The codes become columns in their sorted order: an object's keys
			// have none of their own.
			var attrs [][2]string
			for d.More() {
				tok, err := d.Token()
				if err != nil {
					return notJSON(err)
				}
				code, _ := tok.(string)
				if err := key(columnAttr + code); err != nil {
					return err
				}
				if tok, err = d.Token(); err != nil {
					return notJSON(err)
				}
				s, err := jsonValue(d, tok, true, lim)
				if err != nil {
					return fmt.Errorf("attributes.%s: %w", code, err)
				}
				attrs = append(attrs, [2]string{code, s})
			}
			if _, err := d.Token(); err != nil {
				return notJSON(err)
			}
			slices.SortFunc(attrs, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
			for _, a := range attrs {
				if err := put(columnAttr+a[0], a[1]); err != nil {
					return placed{err}
				}
			}
			continue
		}
		if err := key(k); err != nil {
			return err
		}
		s, err := jsonValue(d, tok, false, lim)
		if err != nil {
			return fmt.Errorf("%q: %w", k, err)
		}
		if err := put(k, s); err != nil {
			return placed{err}
		}
	}
	if _, err := d.Token(); err != nil {
		return notJSON(err)
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return errors.New("more than one JSON value on the line: one object per line")
	}
	return nil
}

func notJSON(err error) error {
	return fmt.Errorf("not valid JSON (%v): each line is one complete object", err)
}

// jsonValue is the value that begins with tok as a cell's text: a scalar, an array
// of scalars (joined by Multi, at most MaxColumns of them), or inside attributes a
// range {"from": n, "to": n}.
func jsonValue(d *json.Decoder, tok json.Token, inAttr bool, lim limits) (string, error) {
	switch tok {
	case json.Delim('['):
		var parts []string
		for d.More() {
			t, err := d.Token()
			if err != nil {
				return "", notJSON(err)
			}
			s, err := jsonScalar(t)
			if err != nil {
				return "", fmt.Errorf("%w inside an array (an array holds strings or numbers)", err)
			}
			if s != "" {
				parts = append(parts, s)
			}
			if len(parts) > lim.columns {
				return "", fmt.Errorf("an array of more than %s values", format.Number(lim.columns))
			}
		}
		_, err := d.Token()
		return strings.Join(parts, Multi), err
	case json.Delim('{'):
		bounds := map[string]string{}
		for inAttr && d.More() && len(bounds) < 2 {
			t, err := d.Token()
			if err != nil {
				return "", notJSON(err)
			}
			k, _ := t.(string)
			if t, err = d.Token(); err != nil {
				return "", notJSON(err)
			}
			s, err := jsonScalar(t)
			if err != nil || (k != "from" && k != "to") {
				break
			}
			bounds[k] = s
		}
		if t, err := d.Token(); err != nil || t != json.Delim('}') || bounds["from"]+bounds["to"] == "" {
			return "", errors.New("an object where a value was expected (only \"attributes\" holds one, and a range as {\"from\": n, \"to\": n})")
		}
		return bounds["from"] + "-" + bounds["to"], nil
	}
	return jsonScalar(tok)
}

// jsonScalar is a string, number, boolean or null as a cell's text.
func jsonScalar(tok json.Token) (string, error) {
	switch x := tok.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		if x {
			return "true", nil
		}
		return "false", nil
	}
	return "", fmt.Errorf("an unexpected %v", tok)
}
