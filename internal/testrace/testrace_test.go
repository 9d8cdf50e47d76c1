package testrace_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

var testName = regexp.MustCompile(`^Test[A-Z0-9_]`)

// heavyTests finds, under root, the tests that skip under the race detector: those
// whose body calls testrace.Heavy, or a function of their package that does (a
// fixture such as the browser's grown shop), to any depth. It answers "pkgdir.Test".
func heavyTests(t *testing.T, root string) map[string]bool {
	t.Helper()
	type fn struct {
		calls []string // names of same-package functions it calls
		heavy bool
	}
	pkgs := map[string]map[string]*fn{} // dir → func name → fn
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		if pkgs[dir] == nil {
			pkgs[dir] = map[string]*fn{}
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil {
				continue
			}
			x := &fn{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch f := call.Fun.(type) {
				case *ast.SelectorExpr:
					if id, ok := f.X.(*ast.Ident); ok && id.Name == "testrace" && f.Sel.Name == "Heavy" {
						x.heavy = true
					}
				case *ast.Ident:
					x.calls = append(x.calls, f.Name)
				}
				return true
			})
			pkgs[dir][fd.Name.Name] = x
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for dir, fns := range pkgs {
		for changed := true; changed; {
			changed = false
			for _, x := range fns {
				for _, c := range x.calls {
					if y := fns[c]; y != nil && y.heavy && !x.heavy {
						x.heavy, changed = true, true
					}
				}
			}
		}
		for name, x := range fns {
			if x.heavy && testName.MatchString(name) {
				out[dir+"."+name] = true
			}
		}
	}
	return out
}

// makefileNoRace reads the Makefile's NORACE names and NORACE_PKGS directories.
func makefileNoRace(t *testing.T, root string) (names, dirs []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "NORACE :="); ok {
			v = strings.TrimSpace(v)
			v = strings.TrimSuffix(strings.TrimPrefix(v, "^("), ")$$")
			names = strings.Split(v, "|")
		}
		if v, ok := strings.CutPrefix(line, "NORACE_PKGS :="); ok {
			for _, p := range strings.Fields(v) {
				dirs = append(dirs, filepath.Clean(strings.TrimPrefix(p, "./")))
			}
		}
	}
	if names == nil || dirs == nil {
		t.Fatal("the Makefile has no NORACE or NORACE_PKGS line")
	}
	return names, dirs
}

// TestTheNoRacePassRunsEveryHeavyTest: a test that skips under the race detector and
// is not in the Makefile's second pass would run nowhere; one in the pass that no
// longer skips runs twice.
func TestTheNoRacePassRunsEveryHeavyTest(t *testing.T) {
	root := filepath.Join("..", "..")
	names, dirs := makefileNoRace(t, root)
	for _, p := range mismatch(heavyTests(t, root), names, dirs) {
		t.Error(p)
	}
}

// mismatch says how the Makefile's list differs from the heavy tests found.
func mismatch(heavy map[string]bool, names, dirs []string) []string {
	var wantNames, wantDirs []string
	for k := range heavy {
		dir, name, _ := strings.Cut(k, ".")
		wantNames = append(wantNames, name)
		wantDirs = append(wantDirs, dir)
	}
	names, dirs = slices.Clone(names), slices.Clone(dirs)
	for _, s := range [][]string{wantNames, wantDirs, names, dirs} {
		sort.Strings(s)
	}
	wantNames, wantDirs = slices.Compact(wantNames), slices.Compact(wantDirs)
	var out []string
	if !slices.Equal(wantNames, names) {
		out = append(out, fmt.Sprintf("Makefile NORACE names %v; the tests that call testrace.Heavy are %v", names, wantNames))
	}
	if !slices.Equal(wantDirs, dirs) {
		out = append(out, fmt.Sprintf("Makefile NORACE_PKGS %v; the heavy tests live in %v", dirs, wantDirs))
	}
	return out
}

// The guard itself finds a test heavy through its fixture, and fails on a heavy test
// missing from the list and on a package missing from the pass.
func TestTheGuardFindsAMissingTest(t *testing.T) {
	dir := t.TempDir()
	src := `package p
import "testing"
func shop(t *testing.T) { testrace.Heavy(t) }
func grown(t *testing.T) { shop(t) }
func TestA(t *testing.T) { grown(t) }
func TestB(t *testing.T) { testrace.Heavy(t) }
func TestC(t *testing.T) {}
`
	if err := os.MkdirAll(filepath.Join(dir, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p", "p_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	heavy := heavyTests(t, dir)
	if len(heavy) != 2 || !heavy["p.TestA"] || !heavy["p.TestB"] {
		t.Fatalf("heavy tests found: %v", heavy)
	}
	if p := mismatch(heavy, []string{"TestB", "TestA"}, []string{"p"}); p != nil {
		t.Errorf("the right list was refused: %v", p)
	}
	if mismatch(heavy, []string{"TestB"}, []string{"p"}) == nil {
		t.Error("a list without TestA (heavy through its fixture) was taken")
	}
	if mismatch(heavy, []string{"TestA", "TestB", "TestC"}, []string{"p"}) == nil {
		t.Error("a list with TestC, which runs under the detector too, was taken")
	}
	if mismatch(heavy, []string{"TestA", "TestB"}, []string{"q"}) == nil {
		t.Error("a pass without the package was taken")
	}
}
