package tui

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/listings-tui/listings/tui/action"
)

const (
	refFile  = "../docs/config.md"
	refBegin = "<!-- actions: made by TestConfigReferenceListsEveryAction; go test ./tui -run Reference -update -->"
	refEnd   = "<!-- actions end -->"
)

// reference is the table of every action id, its default keys and its words, made
// from the tables themselves; a table held by two views (the city picker) is listed
// once.
func reference() string {
	var b strings.Builder
	b.WriteString("| id | default keys | does |\n|---|---|---|\n")
	row := func(e action.Entry) {
		keys := "(palette only)"
		if len(e.Keys) > 0 {
			var ks []string
			for _, k := range e.Keys {
				if k == " " {
					k = "space"
				}
				ks = append(ks, "`"+strings.ReplaceAll(k, "|", `\|`)+"`")
			}
			keys = strings.Join(ks, " ")
		}
		desc := e.Desc
		if e.Mode != "" && e.Mode != action.Any {
			desc += " (" + strings.ReplaceAll(e.Mode, ":", ", ") + ")"
		}
		if len(e.Shadows) > 0 {
			desc += fmt.Sprintf("; takes the key of %s here", e.Shadows)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", e.ID, keys, desc)
	}
	for _, e := range GlobalActions().Entries() {
		row(e)
	}
	tables := viewTables()
	listed := map[action.ID]bool{}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range tables {
			if !yield(n) {
				return
			}
		}
	}) {
		for _, e := range tables[name].Entries() {
			if !e.Typing && !listed[e.ID] {
				listed[e.ID] = true
				row(e)
			}
		}
	}
	return b.String()
}

// The config reference lists every action id with its default keys and words, as
// the tables say: a change to a table that is not in docs/config.md fails here
// (-update rewrites the list).
func TestConfigReferenceListsEveryAction(t *testing.T) {
	doc, err := os.ReadFile(refFile)
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, refBegin), strings.Index(s, refEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q … %q", refFile, refBegin, refEnd)
	}
	want := s[:i+len(refBegin)] + "\n\n" + reference() + "\n" + s[j:]
	if want == s {
		return
	}
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(refFile, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is out of date with the tables of actions: go test ./tui -run Reference -update", refFile)
}
