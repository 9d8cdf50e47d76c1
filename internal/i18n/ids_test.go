package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// idShape is what a catalog id looks like: dotted words, no spaces. A call of a T or
// N whose first argument is a literal of this shape is taken for a catalog lookup.
var idShape = regexp.MustCompile(`^[a-z0-9_]+(\.[A-Za-z0-9_\-]+)+$`)

// TestEveryIDInTheCodeIsInEnglish walks the repository's Go files (tests too, since
// goldens draw words) and checks that every id given to T or N as a literal is in
// the English catalog, which is what every other language is checked against: a
// word added to a screen without its entry would show as its id.
func TestEveryIDInTheCodeIsInEnglish(t *testing.T) {
	en := catalog(t, English)
	root := filepath.Join("..", "..")
	found := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "node_modules", "bin":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || filepath.Base(filepath.Dir(p)) == "i18n" && strings.HasSuffix(p, "_test.go") {
			return nil // this package's tests look up missing ids on purpose
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			case *ast.Ident:
				name = fn.Name
			}
			if name != "T" && name != "N" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, err := strconv.Unquote(lit.Value)
			if err != nil || !idShape.MatchString(id) {
				return true
			}
			found++
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %q is not in assets/i18n/en", p, id)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatal("no lookup found: the walk lost its way")
	}
}
