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
)

// maxBodyFile is the size of a create or edit file; the service takes JSON bodies of at
// most 1 MiB (docs/sandbox.md), so a bigger file could only be refused after upload.
const maxBodyFile = 1 << 20

func fileName(path string) string {
	if path == "-" {
		return "standard input"
	}
	return path
}

// readBody reads a JSON object from path (or stdin for "-"), refuses top-level names
// outside allowed, and decodes it into v. Every problem of the file is a usage error:
// the script, not the service, has to change. It returns the names present.
func readBody(stdin io.Reader, path string, allowed []string, v any) ([]string, error) {
	if path == "" {
		return nil, cmdutil.UsageErrorf("--file is required: a JSON file, or - for standard input")
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
		return nil, cmdutil.UsageErrorf("%s is over 1 MiB, the service's limit for a JSON body", name)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, cmdutil.UsageErrorf("%s is empty: it must hold a JSON object", name)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, cmdutil.UsageErrorf("%s is not a JSON object: %s", name, jsonProblem(err))
	}
	if top == nil {
		return nil, cmdutil.UsageErrorf("%s holds null: it must hold a JSON object", name)
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
		noun := "field"
		if len(unknown) > 1 {
			noun = "fields"
		}
		return nil, cmdutil.UsageErrorf("%s: unknown %s %s (a typo?); the fields are: %s", name, noun, strings.Join(unknown, ", "), strings.Join(allowed, ", "))
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
