package job

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// Plan is what a retry or an undo will do, said before anything is sent: every item
// with what goes back to what, or why it is left alone; the requests and the time.
type Plan struct {
	Of  string // the job it is made of
	How string // retry, undo
	// Summary says the plan in a few lines, for the confirmation, in English.
	Summary []string
	// Said is Summary line for line as Whys, for a front end's language.
	Said []rules.Why `json:"-"`
	Rows []PlanRow
	// Requests are those the new job sends; Reads those spent reading the
	// listings as they are now (an undo's), already spent.
	Requests  int
	Reads     int
	Duration  time.Duration
	FitsToday bool
	Days      int
	// Begin journals the plan as a new job in dir, on the service at baseURL.
	Begin func(dir, baseURL string, now time.Time) (Job, error) `json:"-"`
}

// PlanRow is one item of a plan.
type PlanRow struct {
	ID    int    `json:"id,omitempty"`
	Row   int    `json:"row,omitempty"`
	Title string `json:"title,omitempty"`
	// Change says what the item becomes ("1000 → 900", "inactive → active"); Skip
	// why it is left alone ("" when it changes).
	Change string `json:"change,omitempty"`
	Skip   string `json:"skip,omitempty"`
	// ChangeWhy and SkipWhy are Change and Skip as Whys, where the plan made them
	// (not a service's hint, nor a journal's English).
	ChangeWhy rules.Why `json:"-"`
	SkipWhy   rules.Why `json:"-"`
	// ToModeration: the change sends an active listing back to moderation.
	ToModeration bool `json:"to_moderation,omitempty"`
}

// Say ends the summary with the line w says.
func (p *Plan) Say(w rules.Why) {
	p.Summary = append(p.Summary, w.String())
	p.Said = append(p.Said, w)
}

// SummaryIn is Summary in the words say gives a Why (nil, or a summary not made by
// Say alone: English).
func (p *Plan) SummaryIn(say func(rules.Why) string) []string {
	if say == nil || len(p.Said) != len(p.Summary) {
		return p.Summary
	}
	out := make([]string, len(p.Said))
	for i, w := range p.Said {
		out[i] = say(w)
	}
	return out
}

// Changed is a row that changes, said by w.
func Changed(w rules.Why) PlanRow { return PlanRow{Change: w.String(), ChangeWhy: w} }

// Skipped is a row left alone, for the reason w.
func Skipped(w rules.Why) PlanRow { return PlanRow{Skip: w.String(), SkipWhy: w} }

// ChangeIn is the row's change in the words say gives its Why.
func (r PlanRow) ChangeIn(say func(rules.Why) string) string {
	return sayOr(r.ChangeWhy, r.Change, say)
}

// SkipIn is why the row is left alone in the words say gives its Why.
func (r PlanRow) SkipIn(say func(rules.Why) string) string { return sayOr(r.SkipWhy, r.Skip, say) }

func sayOr(w rules.Why, english string, say func(rules.Why) string) string {
	if w.OK() || say == nil {
		return english
	}
	return say(w)
}

// Start journals the plan as a new job in dir.
func (p *Plan) Start(dir, baseURL string, now time.Time) (Job, error) {
	if p.Begin == nil || p.Requests == 0 {
		return nil, fmt.Errorf("the %s of job %s: %w", p.How, p.Of, ErrNothing)
	}
	return p.Begin(dir, baseURL, now)
}

// Estimate counts the requests (a row a change), times them under the budget b at
// now, and ends the summary with what they cost.
func (p *Plan) Estimate(b api.Budget, now time.Time) {
	p.Requests = 0
	for _, r := range p.Rows {
		if r.Skip == "" {
			p.Requests++
		}
	}
	p.Duration, p.FitsToday, p.Days = b.Estimate(p.Requests, now)
	p.Say(CostWhy(p.Requests, p.Duration, p.FitsToday, p.Days))
}

// Retried ends a retry's rows (noun names an item): the plan says what is sent again, what the service's
// rules refused (named in the rows, not retried) and what is left for a resume.
func (p *Plan) Retried(noun string, left int) {
	again, refused := 0, 0
	for _, r := range p.Rows {
		if r.Skip == "" {
			again++
		} else {
			refused++
		}
	}
	p.Say(Because("retry."+noun, "Job", p.Of, "Items", Counted(again, noun), "Count", again))
	if refused > 0 {
		p.Say(Because("retry.refused", "N", rules.Num(refused)))
	}
	if left > 0 {
		p.Say(Because("retry.left", "N", rules.Num(left), "Job", p.Of))
	}
}

// ModerationLine says loudly how many active listings an edit sends back to
// moderation; "" for none. Every plan says it in these words.
func ModerationLine(n int) string { return ModerationWhy(n).String() }

// ModerationWhy is ModerationLine as a Why (nothing wrong for none).
func ModerationWhy(n int) rules.Why {
	switch n {
	case 0:
		return rules.Why{}
	case 1:
		return Because("moderation.one", "Count", 1)
	}
	return Because("moderation", "N", rules.Num(n), "Count", n)
}

// Cost says what n requests cost under the key's budget (Budget.Estimate's answer):
// how long, or over how many days when today's budget does not hold them.
func Cost(n int, d time.Duration, fitsToday bool, days int) string {
	return CostWhy(n, d, fitsToday, days).String()
}

// CostWhy is Cost as a Why.
func CostWhy(n int, d time.Duration, fitsToday bool, days int) rules.Why {
	switch {
	case !fitsToday:
		return Because("cost.days", "Requests", Requests(n), "Days", days, "Count", days)
	case d > 0:
		return Because("cost.about", "Requests", Requests(n), "Wait", Wait(d))
	}
	return Because("cost.at_once", "Requests", Requests(n))
}

// Fields are the names of the fields an edit sets (its JSON keys), sorted.
func Fields(e *api.ListingEdit) []string {
	if e == nil {
		return nil
	}
	b, err := json.Marshal(e)
	var m map[string]json.RawMessage
	if err != nil || json.Unmarshal(b, &m) != nil {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}
