package cmdutil

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The commands find the data directory, the jobs and the mirror where the app does,
// by internal/paths: no command package asks the app's drafts (tui/draft) for it.
func TestCommandsAskInternalPathsWhereDataIs(t *testing.T) {
	files, err := filepath.Glob("../*/*.go")
	if err != nil || len(files) < 50 {
		t.Fatalf("the command packages' files: %d, %v", len(files), err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/listings-tui/listings/tui/draft" {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
