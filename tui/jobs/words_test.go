package jobs

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// Every line a retry's or an undo's plan, a row of it and a job's line can say (ids
// built at run time, which the scan of the code does not see) has its words in each
// language, its placeholders filled, English's as the plan keeps them for --json.
func TestEveryPlanLineHasItsWords(t *testing.T) {
	defer i18n.Use(i18n.English)
	ids := rules.Lazy(job.WhyPrefix)
	if len(ids) < 30 {
		t.Fatalf("only %d of the jobs' ids are known", len(ids))
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		i18n.Use(l)
		for id := range ids {
			noun, n := "listing", 2
			if strings.HasSuffix(id, ".row") {
				noun = "row"
			}
			if strings.HasSuffix(id, ".one") {
				n = 1
			}
			w := rules.Because(id, "Job", "20261127-1", "Items", job.Counted(n, noun), "Count", n, "N", rules.Num(2),
				"Requests", job.Requests(3), "Wait", job.Wait(90*time.Second), "Days", 2, "Why", rules.Because("bulk.skip.pending"),
				"Status", "active", "SetStatus", "inactive", "OldStatus", "inactive", "NewStatus", "inactive", "Price", "900",
				"Set", "1000", "Fields", "price", "Lost", "city_ref", "Change", job.Because("undo.sets_back", "Fields", "price"),
				"From", "1000", "To", "900", "File", "stock.csv", "Rows", job.Counted(2, "row"),
				"Cost", job.CostWhy(3, 0, true, 1), "Fetched", rules.Num(1))
			got := planWords(w)
			if got == "jobs.why."+id || strings.Contains(got, "{{") || strings.Contains(got, "<no value>") || strings.Contains(got, "job.") {
				t.Errorf("%s: %s has no words: %q", l, id, got)
			}
			if l == i18n.English && got != w.String() {
				t.Errorf("%s: the catalog says %q, the plan %q", id, got, w.String())
			}
		}
	}
}

// A plan's lines and the cost are said in Ukrainian in the panel, its English kept
// for --json.
func TestPlanSaidInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	p := &job.Plan{Of: "20261127-1", How: "undo"}
	p.Say(job.Because("undo.listing", "Job", p.Of, "Items", job.Counted(3, "listing"), "Count", 3))
	p.Say(job.ModerationWhy(2))
	p.Say(job.CostWhy(3, 90*time.Second, true, 1))
	skip := job.Skipped(job.Because("undo.status", "Status", "sold", "SetStatus", "inactive"))
	skip.ID = 7
	p.Rows = append(p.Rows, skip)
	s := ansi.Strip(strings.Join(planLines(p), "\n"))
	tuitest.Contains(t, s, "3 оголошення повернуться", "2 активні оголошення повернуться на модерацію", "3 запити, приблизно 1 хв 30 с",
		"зараз «продано», а завдання лишило «неактивне»")
	tuitest.Lacks(t, s, "undo of job", "listing", "under the key", "changed since")
	if p.Summary[0] != "undo of job 20261127-1: 3 listings back to what they were before it" ||
		p.Summary[2] != "3 requests, about 1m30s under the key's limit" {
		t.Errorf("the plan's English changed: %q", p.Summary)
	}
}
