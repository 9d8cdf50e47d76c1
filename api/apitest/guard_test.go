package apitest_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sandboxPath is the import path of the sandbox whose constructor the guard watches.
const sandboxPath = "github.com/listings-tui/listings/api/servers/sandbox"

// The tests of the app and of the CLI make their sandbox through this kit (Serve,
// Start, Sandbox), so that a change to how a test's sandbox is set up is made once and
// no test drifts into a set-up of its own. This fails on any test file under tui/ or
// cmd/ (or file of their test kits) that names sandbox.New; what such a test needs
// belongs in the kit instead.
func TestFrontEndTestsUseTheKit(t *testing.T) {
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the repository's root is not %s: %v", root, err)
	}
	seen := 0
	for _, dir := range []string{"tui", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			// Test files, and the test kits of the front ends (clitest, cmdtest,
			// tuitest: packages for tests only, whose names end in "test").
			kit := strings.HasSuffix(filepath.Base(filepath.Dir(path)), "test") && strings.HasSuffix(path, ".go")
			if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") && !kit {
				return err
			}
			seen++
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			for _, at := range handMade(t, filepath.ToSlash(rel), src) {
				t.Errorf("%s: makes a sandbox by hand (sandbox.New); use api/apitest's Serve, Start or Sandbox", at)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if seen < 100 {
		t.Fatalf("walked only %d test files: the walk lost its way", seen)
	}
}

// handMade is where the Go file name (src) names the sandbox's New, under whatever
// name it imports the sandbox; a dot import counts too, as it hides the name.
func handMade(t *testing.T, name string, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	local := ""
	var found []string
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p != sandboxPath {
			continue
		}
		local = "sandbox"
		if imp.Name != nil {
			local = imp.Name.Name
		}
		if local == "." {
			found = append(found, fset.Position(imp.Pos()).String())
		}
	}
	if local == "" || local == "." || local == "_" {
		return found
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "New" {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == local {
			found = append(found, fset.Position(sel.Pos()).String())
		}
		return true
	})
	return found
}

// The guard sees sandbox.New called, passed on as a value or renamed on import, and
// nothing else: not the kit, not another package's New, not a local named sandbox
// in a file that does not import it.
func TestHandMadeFindsEveryForm(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{`package x; import "` + sandboxPath + `"; func f() { sandbox.New(sandbox.Options{}) }`, 1},
		{`package x; import sb "` + sandboxPath + `"; var mk = sb.New`, 1},
		{`package x; import . "` + sandboxPath + `"; var _ Options`, 1},
		{`package x; import ("` + sandboxPath + `"; "github.com/listings-tui/listings/api/apitest"); var _ = apitest.Serve; var _ sandbox.Options`, 0},
		{`package x; import "github.com/listings-tui/listings/api"; var _ = api.New`, 0},
		{`package x; type box struct{}; func (box) New() {}; var sandbox box; var _ = sandbox.New`, 0},
	} {
		if got := handMade(t, "x_test.go", []byte(c.src)); len(got) != c.want {
			t.Errorf("%d found (%v), want %d, in:\n%s", len(got), got, c.want, c.src)
		}
	}
}
