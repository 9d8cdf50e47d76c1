package jobs

import (
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// The tests here switch the interface's language: none runs in parallel, and each
// puts English back.

// priced is the panel after a price job of six listings, one refused by the service.
func priced(t *testing.T, w, h int) Model {
	f := newFake()
	f.refuse[4] = &api.Error{Status: 422, Code: "listing_blocked", Hint: "a blocked listing cannot be edited"}
	m := newPanel(f, t.TempDir(), false)
	m.SetSize(w, h)
	pc, _ := bulk.ParsePriceChange("", "-10%", "")
	m, r := startJob(t, m, msgs.StartJob{Verb: "price", Plan: bulk.Make(items(6), bulk.Action{Price: &pc}, api.Budget{}, now)})
	m, _ = drain(m, r)
	return m
}

// retried is the plan of the retry of a deactivation of four with two failures.
func retried(t *testing.T, w, h int) Model {
	f := newFake()
	f.refuse[2] = &api.Error{Status: 500, Code: api.CodeInternalError, Hint: "try again later"}
	f.refuse[3] = &api.Error{Status: 422, Code: "not_editable", Hint: "the listing is sold"}
	m := newPanel(f, t.TempDir(), false)
	m.SetSize(w, h)
	m, r := startJob(t, m, deactivate(4))
	m, _ = drain(m, r)
	m, _ = runLoop.Press(m, "h", "enter", "R")
	return m
}

// stopped journals a deactivation of n listings made at a fixed time (interrupted's
// header says when it was made by the clock), the first done of them succeeded.
func stopped(t *testing.T, dir string, n, done int, at time.Time) {
	t.Helper()
	h := bulk.HeaderOf("", bulk.Make(items(n), bulk.Action{Status: api.StatusInactive}, api.Budget{}, at))
	h.BaseURL, h.Created = base, at
	j, err := bulk.CreateJob(dir, "deactivate", at, h)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for id := 1; id <= done; id++ {
		if j.Sending(id) != nil || j.Succeeded(id, api.StatusInactive) != nil {
			t.Fatal("journal not written")
		}
	}
}

// history is the history of two deactivations, one stopped and one done, and the
// older one opened.
func history(t *testing.T, w, h int) (list, opened Model) {
	dir := t.TempDir()
	stopped(t, dir, 40, 12, now.Add(-time.Hour))
	stopped(t, dir, 21, 21, now.Add(-time.Minute))
	m := newPanel(newFake(), dir, false)
	m.SetSize(w, h)
	list, _ = runLoop.Press(m, "h")
	opened, _ = runLoop.Press(list, "down", "enter")
	return list, opened
}

// TestGoldenUkrainian: the offer of an interrupted job, a finished job with a
// failure, the history and a retry's plan, in Ukrainian at 80×24 and 60×15.
func TestGoldenUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	tuitest.Goldens(t, tuitest.Small, map[string]func(*testing.T, int, int) string{
		"offer": func(t *testing.T, w, h int) string {
			dir := t.TempDir()
			interrupted(t, dir, base, 40, 12)
			m := newPanel(newFake(), dir, true)
			m.SetSize(w, h)
			m, _ = tuitest.Loop[Model]{Own: tuitest.Is[offersMsg]}.Drain(m, m.Init())
			return m.View()
		},
		"done":    func(t *testing.T, w, h int) string { return priced(t, w, h).View() },
		"history": func(t *testing.T, w, h int) string { m, _ := history(t, w, h); return m.View() },
		"opened":  func(t *testing.T, w, h int) string { _, m := history(t, w, h); return m.View() },
		"plan":    func(t *testing.T, w, h int) string { return retried(t, w, h).View() },
	}, tuitest.CheckExactSize)
}

// TestPseudoKeepsTheCounts: in the pseudo-language (every word 40 % longer) a job's
// counts, its progress and its state show whole at 80×24, and so does the history's
// line of a job.
func TestPseudoKeepsTheCounts(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	m := priced(t, 80, 24)
	screen := tuitest.Screen(m)
	if !tuitest.Contains(t, screen, counts(5, 1, 0), "6/6", i18n.T("jobs.st.done"), i18n.T("jobs.verb.price"), i18n.N("count.listings", 6)) {
		t.Log("\n" + screen)
	}
	list, _ := history(t, 80, 24)
	screen = tuitest.Screen(list)
	if !tuitest.Contains(t, screen, i18n.T("jobs.col.failed"), i18n.T("jobs.col.left"), i18n.T("jobs.state.done"), i18n.T("jobs.state.stopped")) {
		t.Log("\n" + screen)
	}
}

// TestJobSizeInWords: a job's size takes the language's plural forms.
func TestJobSizeInWords(t *testing.T) {
	defer i18n.Use(i18n.English)
	for l, want := range map[i18n.Lang][2][]string{
		i18n.English:   {{"1 listing", "2 listings", "5 listings", "21 listings"}, {"1 row", "2 rows", "5 rows", "21 rows"}},
		i18n.Ukrainian: {{"1 оголошення", "2 оголошення", "5 оголошень", "21 оголошення"}, {"1 рядок", "2 рядки", "5 рядків", "21 рядок"}},
		i18n.Russian:   {{"1 объявление", "2 объявления", "5 объявлений", "21 объявление"}, {"1 строка", "2 строки", "5 строк", "21 строка"}},
	} {
		i18n.Use(l)
		for i, n := range []int{1, 2, 5, 21} {
			if got := (about{}).noun(n); got != want[0][i] {
				t.Errorf("%s %d listings: %q, want %q", l, n, got, want[0][i])
			}
			if got := (about{rows: true}).noun(n); got != want[1][i] {
				t.Errorf("%s %d rows: %q, want %q", l, n, got, want[1][i])
			}
		}
	}
	i18n.Use(i18n.Ukrainian)
	if got := i18n.N("jobs.eta.days", 5); got != "понад 5 днів: більше, ніж лишилося ліміту на сьогодні" {
		t.Errorf("days %q", got)
	}
}

// TestWaitAsBefore: in English a wait reads as it did (format.Wait); in Ukrainian
// with its units.
func TestWaitAsBefore(t *testing.T) {
	defer i18n.Use(i18n.English)
	for _, d := range []time.Duration{0, 400 * time.Millisecond, 7 * time.Second, 90 * time.Second, time.Hour, 3*time.Hour + 4*time.Minute + 5*time.Second} {
		if got, want := wait(d), format.Wait(d); got != want {
			t.Errorf("wait(%v) = %q, want %q", d, got, want)
		}
	}
	i18n.Use(i18n.Ukrainian)
	if got := wait(90 * time.Second); got != "1 хв 30 с" {
		t.Errorf("uk wait %q", got)
	}
}

// TestVerbAndStateWords: the ids built from a job's verb, state and plan kind are in
// every catalog.
func TestVerbAndStateWords(t *testing.T) {
	var ids []string
	for _, v := range verbs {
		ids = append(ids, "jobs.verb."+v)
	}
	for _, s := range states {
		ids = append(ids, "jobs.state."+s)
	}
	for _, r := range results {
		ids = append(ids, "jobs.result."+r)
	}
	for _, how := range []string{howRetry, howUndo} {
		ids = append(ids, "jobs.plan.title."+how, "jobs.plan.planning."+how, "jobs.verb."+how+"_of")
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		for _, id := range ids {
			if i18n.For(l).T(id) == id {
				t.Errorf("%s: %s missing", l, id)
			}
		}
	}
	if got := verbWord("retry of 20261124-212000-deactivate"); got != "retry of 20261124-212000-deactivate" {
		t.Errorf("verb %q", got)
	}
}
