package job

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
)

// Plan is what a retry or an undo will do, said before anything is sent: every item
// with what goes back to what, or why it is left alone; the requests and the time.
type Plan struct {
	Of  string // the job it is made of
	How string // retry, undo
	// Summary says the plan in a few lines, for the confirmation.
	Summary []string
	Rows    []PlanRow
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
	// ToModeration: the change sends an active listing back to moderation.
	ToModeration bool `json:"to_moderation,omitempty"`
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
	p.Summary = append(p.Summary, Cost(p.Requests, p.Duration, p.FitsToday, p.Days))
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
	p.Summary = append(p.Summary, fmt.Sprintf("retry of job %s: %s failed for a reason that may pass now (the budget, the network, a server error): sent again as a new job",
		p.Of, format.Count(again, noun)))
	if refused > 0 {
		p.Summary = append(p.Summary, fmt.Sprintf("%s refused by the service's rules or gone: not retried (below, with the reasons)", format.Number(refused)))
	}
	if left > 0 {
		p.Summary = append(p.Summary, fmt.Sprintf("%s not sent yet: listings jobs resume %s carries them out", format.Number(left), p.Of))
	}
}

// ModerationLine says loudly how many active listings an edit sends back to
// moderation; "" for none. Every plan says it in these words.
func ModerationLine(n int) string {
	if n == 0 {
		return ""
	}
	if n == 1 {
		return "! 1 active listing goes back to moderation (an edited active listing becomes pending) and is hidden until approved"
	}
	return fmt.Sprintf("! %s active listings go back to moderation (an edited active listing becomes pending) and are hidden until approved",
		format.Number(n))
}

// Cost says what n requests cost under the key's budget (Budget.Estimate's answer):
// how long, or over how many days when today's budget does not hold them.
func Cost(n int, d time.Duration, fitsToday bool, days int) string {
	cost := format.Requests(n)
	switch {
	case !fitsToday:
		cost += fmt.Sprintf(", more than is left of today's budget: over %d days (the rest after Kyiv midnight)", days)
	case d > 0:
		cost += ", about " + format.Wait(d) + " under the key's limit"
	default:
		cost += ", at once within the key's limit"
	}
	return cost
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
