package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKeyringScriptRunsEveryKeyringTest: keystore/testdata/run-keyring-tests.sh runs
// only the tests of this package that need a real Secret Service (the rest ran in
// make test already, and running the whole package again cost over a minute). A
// keyring test missing from its list would be skipped in both runs.
func TestKeyringScriptRunsEveryKeyringTest(t *testing.T) {
	script, err := os.ReadFile(filepath.Join("..", "..", "keystore", "testdata", "run-keyring-tests.sh"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`-run "\^\(([A-Za-z0-9_|]+)\)\\\$" "\$@" \./cmd/listings/`).FindSubmatch(script)
	if m == nil {
		t.Fatal("the script names no tests of ./cmd/listings/ to run with the keyring")
	}
	listed := map[string]bool{}
	for _, n := range strings.Split(string(m[1]), "|") {
		listed[n] = true
	}
	gate := `os.Getenv("LISTINGS_TEST_` + `KEYRING")` // in two parts, so this test is not found
	files, _ := filepath.Glob("*_test.go")
	need := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range strings.Split(string(src), "\nfunc ")[1:] {
			name, _, _ := strings.Cut(fn, "(")
			if strings.HasPrefix(name, "Test") && strings.Contains(fn, gate) {
				need[name] = true
			}
		}
	}
	if len(need) == 0 {
		t.Fatal("found no test that needs the keyring: the search is wrong")
	}
	for n := range need {
		if !listed[n] {
			t.Errorf("%s needs the keyring (LISTINGS_TEST_KEYRING) but the script does not run it", n)
		}
	}
	for n := range listed {
		if !need[n] {
			t.Errorf("the script runs %s, which does not read LISTINGS_TEST_KEYRING", n)
		}
	}
}
