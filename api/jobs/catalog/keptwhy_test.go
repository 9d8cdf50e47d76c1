package catalog

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// A refused row's problems come back from the journal with their Whys, values of
// every kind as they were, so that a job reloaded after a restart says them in the
// interface's language; the English the journal keeps is unchanged.
func TestJournalKeepsTheProblemsWhys(t *testing.T) {
	whys := []rules.Why{
		because("price.invalid", "Value", `"дорого"`),
		because("suggest.bad", "Why", because("category.no_id", "ID", 9)),
		because("media.photos", "N", 14, "Max", rules.MaxPhotos),
		rules.Because("sheet.rows.row", "Max", rules.Num(10000), "Row", 7),
		{},
	}
	var problems []Problem
	for _, w := range whys {
		problems = append(problems, Problem{Column: "price", Reason: w.String() + "x", Why: w})
	}
	h := Header{Info: job.Info{Kind: Kind}, Sheet: "s", Lang: "uk", Columns: []string{"title"},
		Rows: []Row{{Line: 2, Hash: "h", Action: Refused, Problems: problems, MoreProblems: 3}}}
	dir := t.TempDir()
	j, err := NewJob(dir, h, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	path := j.Path
	j.Close()
	back, err := PeekJob(path)
	if err != nil {
		t.Fatal(err)
	}
	got := back.Head.Rows[0].Problems
	for i, w := range whys {
		if !reflect.DeepEqual(got[i].Why, w) && !(w.OK() && got[i].Why.OK()) {
			t.Errorf("%d: %#v came back as %#v", i, w, got[i].Why)
		}
		if got[i].Reason != problems[i].Reason {
			t.Errorf("%d: the journal's English %q became %q", i, problems[i].Reason, got[i].Reason)
		}
	}
	// The panel's "and 3 more problems" is a Why too.
	items := back.Refusals()
	if last := items[len(items)-1]; last.FieldWhy.String() != MoreProblems(3) || last.Field != MoreProblems(3) {
		t.Errorf("the last refusal: %+v", last)
	}
}

// A journal written before the Whys were kept reads as before: its problems said as
// their English; a row without a Why writes no "whys".
func TestOldJournalsProblemsAreTheirEnglish(t *testing.T) {
	var r Row
	if err := json.Unmarshal([]byte(`{"line":2,"hash":"h","action":"refused","cells":{},"problems":[{"column":"price","reason":"not a price"}]}`), &r); err != nil {
		t.Fatal(err)
	}
	if p := r.Problems[0]; !p.Why.OK() || p.Said(rules.Why.String) != "price: not a price" {
		t.Errorf("%+v", p)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "whys") || !strings.Contains(string(b), `"reason":"not a price"`) {
		t.Errorf("%s", b)
	}
}
