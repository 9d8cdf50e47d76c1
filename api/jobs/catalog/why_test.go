package catalog

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/rules"
)

// Every id the code refuses a row with has its English words: an id without them
// would be shown as itself, in the CLI and, the catalogs being checked against these
// words, in every language.
func TestEveryProblemIDHasWords(t *testing.T) {
	used := regexp.MustCompile(`because\("([a-z_.]+)"[,)]`) // an id built at run time (habitWhy, pair.decide) is tested on its own
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range used.FindAllStringSubmatch(string(src), -1) {
			seen++
			if _, ok := importWords()[whyPrefix+m[1]]; !ok {
				t.Errorf("%s: %s%s has no words", f, whyPrefix, m[1])
			}
		}
	}
	if seen < 50 {
		t.Errorf("found %d uses of because: the scan misses them", seen)
	}
	for _, what := range []string{"category", "city"} { // pair.decide's
		if _, ok := importWords()[whyPrefix+"pair."+what]; !ok {
			t.Errorf("pair.%s has no words", what)
		}
	}
	if got := rules.Lazy(whyPrefix); len(got) != len(importWords()) {
		t.Errorf("rules knows %d of the importer's ids, want %d", len(got), len(importWords()))
	}
}

// A problem keeps its English as before (the journal's and --json's reason) and its
// id for the front ends.
func TestProblemKeepsItsEnglish(t *testing.T) {
	b := &rowBuild{}
	b.refuse("price", because("price.invalid", "Value", quoted("абв", 20)))
	b.refuse("photos", because("media.photos", "N", 14, "Max", rules.MaxPhotos))
	want := []string{
		`price: "абв" is not a price: write a number such as 1500 or 99.90`,
		"photos: 14 photos; a listing has at most 12",
	}
	for i, l := range b.ProblemLines() {
		if l != want[i] {
			t.Errorf("line %d: %q, want %q", i, l, want[i])
		}
	}
	if b.Problems[0].Why.ID != "import.price.invalid" {
		t.Errorf("the problem lost its id: %+v", b.Problems[0])
	}
	say := func(w rules.Why) string { return "<" + w.ID + ">" }
	if got := b.Problems[1].Said(say); got != "photos: <import.media.photos>" {
		t.Errorf("said %q", got)
	}
	if got := MoreProblems(3); got != "and 3 more problems in this row" {
		t.Errorf("more: %q", got)
	}
	for _, why := range []string{whyFloat, whyPercent, whyPhone, whyPlus, whyMoney, whyBool, whyDecimal, whyCharset} {
		if w := habitWhy(why); w.String() != why || w.ID == whyPrefix+"error" {
			t.Errorf("the habit %q is said %q (%s)", why, w.String(), w.ID)
		}
	}
}
