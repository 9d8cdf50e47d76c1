package jobs

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// An import's refused rows read back from its journal (the app restarted) are said
// in Ukrainian as the plan in memory said them, "and 3 more problems" in its plural
// form.
func TestReloadedRefusalsInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	h := importPlan(t, 2, 2).Import.Header
	why := rules.Because("import.price.invalid", "Value", `"abc"`)
	h.Rows[0].Problems = []catalog.Problem{{Column: "price", Reason: why.String(), Why: why}}
	h.Rows[0].MoreProblems = 3
	j, err := catalog.NewJob(t.TempDir(), h, now)
	if err != nil {
		t.Fatal(err)
	}
	path := j.Path
	j.Close()
	back, err := catalog.PeekJob(path)
	if err != nil {
		t.Fatal(err)
	}
	fs := failuresOf(back)
	if len(fs) != 2 {
		t.Fatalf("%d failures: %+v", len(fs), fs)
	}
	if want := `"abc" — не ціна`; !strings.HasPrefix(fs[0].hint, want) {
		t.Errorf("the problem: %q, want %q…", fs[0].hint, want)
	}
	if want := "і ще 3 проблеми в цьому рядку"; fs[1].code != want {
		t.Errorf("the more line: %q, want %q", fs[1].code, want)
	}
}
