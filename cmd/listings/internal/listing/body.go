package listing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// maxBodyFile is the size of a create or edit file; the service takes JSON bodies of at
// most 1 MiB (docs/sandbox.md), so a bigger file could only be refused after upload.
const maxBodyFile = 1 << 20

func fileName(path string) string { return fileNameIn(i18n.For(i18n.English), path) }

// fileNameIn is fileName in p's language; fileName is English, for a message kept in English.
func fileNameIn(p *i18n.Printer, path string) string {
	if path == "-" {
		return p.T("cli.body.stdin")
	}
	return path
}

// bodyError is a usage error about the body file at path, the entry id with its
// name under {{.Name}}.
func bodyError(path, id string, kv ...any) error {
	return &cmdutil.UsageError{Err: cmdutil.Say(nil, func(p *i18n.Printer) string {
		return p.T(id, append(kv, "Name", fileNameIn(p, path))...)
	})}
}

// readBody reads a JSON object from path (or stdin for "-"), refuses top-level names
// outside allowed, and decodes it into v. Every problem of the file is a usage error:
// the script, not the service, has to change. It returns the names present.
func readBody(stdin io.Reader, path string, allowed []string, v any) ([]string, error) {
	if path == "" {
		return nil, cmdutil.Usage("cli.body.file_required")
	}
	name := fileName(path)
	r := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, cmdutil.UsageErrorf("--file: %v", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxBodyFile+1))
	if err != nil {
		return nil, cmdutil.UsageErrorf("read %s: %v", name, err)
	}
	if len(data) > maxBodyFile {
		return nil, bodyError(path, "cli.body.too_big")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, bodyError(path, "cli.body.empty")
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, bodyError(path, "cli.body.not_object", "Problem", jsonProblem(err))
	}
	if top == nil {
		return nil, bodyError(path, "cli.body.null")
	}
	var keys, unknown []string
	for k := range top {
		keys = append(keys, k)
		if !slices.Contains(allowed, k) {
			unknown = append(unknown, strconv.Quote(k))
		}
	}
	slices.Sort(keys)
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, &cmdutil.UsageError{Err: cmdutil.Say(nil, func(p *i18n.Printer) string {
			return p.N("cli.body.unknown", len(unknown), "Name", fileNameIn(p, path), "Unknown", strings.Join(unknown, ", "),
				"Fields", strings.Join(allowed, ", "))
		})}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // attribute numbers are sent back exactly as written
	if err := dec.Decode(v); err != nil {
		return nil, cmdutil.UsageErrorf("%s: %s", name, jsonProblem(err))
	}
	return keys, nil
}

// jsonProblem says where a JSON file is wrong in terms a person can act on.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		if te.Field != "" {
			return fmt.Sprintf("field %q must be %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
		}
		return fmt.Sprintf("it must be a JSON object, not %s", te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, se)
	}
	return err.Error()
}

func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "a number"
	case k == "string":
		return "a string"
	case k == "bool":
		return "true or false"
	case k == "slice":
		return "an array"
	case k == "map", k == "struct":
		return "an object"
	}
	return "of another type"
}
