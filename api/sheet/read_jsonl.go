package sheet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// readJSONL reads one object per line. Values become cells as a spreadsheet would
// hold them: numbers as written, true/false, null as empty, an array's elements
// joined by Multi, and a nested "attributes" object as one attr.<code> column per
// key (a range {"from": 1, "to": 2} as "1-2"). The columns are the keys in the order
// they first appear; a key repeated in one object (case aside) is refused.
func readJSONL(data []byte) (*Table, error) {
	data = bytes.TrimPrefix(data, leadingBOM)
	var cols []string
	colIndex := map[string]int{}
	type line struct {
		n     int
		cells map[string]string
	}
	var lines []line
	for n, raw := range bytes.Split(data, []byte("\n")) {
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			continue
		}
		cells, err := jsonRow(raw)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		keys := make([]string, 0, len(cells))
		for k := range cells {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return cells[keys[i]].order < cells[keys[j]].order })
		l := line{n: n + 1, cells: map[string]string{}}
		for _, k := range keys {
			if _, ok := colIndex[k]; !ok {
				colIndex[k] = len(cols)
				cols = append(cols, k)
			}
			l.cells[k] = cells[k].v
		}
		lines = append(lines, l)
	}
	b, err := newBuilder(cols, func(i int) string { return fmt.Sprintf("key %q", cols[i]) })
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		row := make([]string, len(cols))
		for k, v := range l.cells {
			row[colIndex[k]] = v
		}
		if err := b.add(l.n, row, fmt.Sprintf("line %d", l.n)); err != nil {
			return nil, err
		}
	}
	return b.table()
}

type jsonCell struct {
	v     string
	order int
}

// jsonRow reads one line's object, keeping the keys' order.
func jsonRow(raw []byte) (map[string]jsonCell, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object: each line of a JSON Lines sheet is one {\"title\": …} object")
	}
	out := map[string]jsonCell{}
	put := func(key, v string) error {
		k := FoldColumn(key)
		if _, ok := out[k]; ok && k != "" {
			return fmt.Errorf("the key %q appears twice: keep one", k)
		}
		out[k] = jsonCell{v: v, order: len(out)}
		return nil
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return nil, notJSON(err)
		}
		key, _ := tok.(string)
		var v any
		if err := d.Decode(&v); err != nil {
			return nil, notJSON(err)
		}
		if obj, ok := v.(map[string]any); ok && FoldColumn(key) == "attributes" {
			codes := make([]string, 0, len(obj))
			for c := range obj {
				codes = append(codes, c)
			}
			sort.Strings(codes)
			for _, c := range codes {
				s, err := cellText(obj[c], true)
				if err != nil {
					return nil, fmt.Errorf("attributes.%s: %w", c, err)
				}
				if err := put(columnAttr+c, s); err != nil {
					return nil, err
				}
			}
			continue
		}
		s, err := cellText(v, false)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", key, err)
		}
		if err := put(key, s); err != nil {
			return nil, err
		}
	}
	if _, err := d.Token(); err != nil {
		return nil, notJSON(err)
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("more than one JSON value on the line: one object per line")
	}
	return out, nil
}

func notJSON(err error) error {
	return fmt.Errorf("not valid JSON (%v): each line is one complete object", err)
}

// cellText is a JSON value as a cell's text; a range object is allowed inside
// attributes.
func cellText(v any, inAttr bool) (string, error) {
	switch x := v.(type) {
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
	case []any:
		parts := make([]string, 0, len(x))
		for _, e := range x {
			s, err := cellText(e, false)
			if err != nil {
				return "", err
			}
			if s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, Multi), nil
	case map[string]any:
		if inAttr {
			from, err1 := cellText(x["from"], false)
			to, err2 := cellText(x["to"], false)
			if err1 == nil && err2 == nil && len(x) <= 2 && (from != "" || to != "") {
				return from + "-" + to, nil
			}
		}
		return "", errors.New("an object where a value was expected (only \"attributes\" holds one, and a range as {\"from\": n, \"to\": n})")
	}
	return "", fmt.Errorf("an unreadable value %v", v)
}
