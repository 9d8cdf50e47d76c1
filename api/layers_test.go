package api_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The folders of api/ are its roles, and their arrows point one way (doc.go): a
// newcomer who reads one folder needs none above it. This walks every non-test file
// and checks what it imports.
func TestRolesImportOneWay(t *testing.T) {
	const mod = "github.com/listings-tui/listings/"
	// forbidden[folder prefix] lists what files under that folder may not import.
	forbidden := []struct {
		under, may string
		not        []string
	}{
		{"api/", "anything of the front ends", []string{mod + "tui", mod + "cmd", mod + "keystore"}},
		{"api/client/", "the jobs, the mirror or the servers", []string{mod + "api/jobs", mod + "api/mirror", mod + "api/servers"}},
		{"api/mirror/", "the jobs or the servers", []string{mod + "api/jobs", mod + "api/servers"}},
		{"api/servers/", "the jobs, the mirror, rules or format", []string{mod + "api/jobs", mod + "api/mirror", mod + "api/client/rules", mod + "api/client/format"}},
		{"api/jobs/", "the servers", []string{mod + "api/servers"}},
	}
	seen := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasSuffix(path, "test") && path != ".") {
			return filepath.SkipDir // test kits (apitest, mediatest, striptest) serve tests
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		seen++
		rel := "api/" + filepath.ToSlash(path)
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for _, rule := range forbidden {
				if !strings.HasPrefix(rel, rule.under) {
					continue
				}
				for _, no := range rule.not {
					if p == no || strings.HasPrefix(p, no+"/") {
						t.Errorf("%s imports %s: %s may not import %s", rel, p, rule.under, rule.may)
					}
				}
			}
			if filepath.Dir(path) == "." && strings.HasPrefix(p, mod+"api/") && !strings.HasPrefix(p, mod+"api/client/media") {
				t.Errorf("%s imports %s: the client's core may import only its media checks", rel, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 100 {
		t.Fatalf("walked only %d files: the walk lost its way", seen)
	}
}
