package job

import (
	"fmt"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// Item is one item of a job as the front ends show it: what it is, and what became
// of it.
type Item struct {
	Key       int // the listing's id, or an import's row
	ListingID int
	Row       int // an import's row of the sheet; 0 for a listing's item
	Title     string
	State     State
	// Result says in a word what became of it (the Result constants).
	Result  string
	Status  api.Status // the listing's status after it, when the answer said
	Price   string     // a price job's new price
	Created bool       // an import made the listing
	Code    string     // a failure's code
	Field   string     // the field (an import's column) a refusal names
	Hint    string
	// HintWhy is Hint as a Why where the plan made it (an import's refusal; kept in
	// the journal since it keeps the Whys), for a front end's language.
	HintWhy rules.Why
	// FieldWhy is Field as a Why where it is no column (a refused row's "and 3 more
	// problems in this row"), for a front end's language.
	FieldWhy rules.Why
	// Again: failed for a reason that may pass now (the budget, the network, a
	// server error): a retry takes it.
	Again bool
	// Gone: the listing was deleted meanwhile, which its job takes as its end (an
	// export leaves it out of the file), not as a failure.
	Gone bool
}

// The results of an item.
const (
	ResultDone    = "done"
	ResultCreated = "created"
	ResultEdited  = "edited"
	ResultFailed  = "failed"
	ResultRefused = "refused" // by a rule, before anything was sent
	ResultLeft    = "not sent"
	ResultInDoubt = "in doubt"
	ResultFetched = "fetched"
	ResultGone    = "gone"
)

// What names the item for people: `listing 12 “Lamp”`, `row 5 “Lamp”`.
func (it Item) What() string {
	t := strings.TrimSpace(it.Title)
	if t == "" {
		t = "(untitled)"
	}
	if it.Row > 0 {
		if strings.TrimSpace(it.Title) == "" {
			return fmt.Sprintf("row %d", it.Row)
		}
		return fmt.Sprintf("row %d “%s”", it.Row, t)
	}
	return fmt.Sprintf("%d “%s”", it.ListingID, t)
}

// OK says whether the item needs nothing more of the user.
func (it Item) OK() bool { return it.State == Done || it.Gone }

// ItemOf is the item key of a journal as the engine knows it: its outcome, its
// result in a word (done for done), the failure's reasons.
func ItemOf(key int, o Outcome) Item {
	it := Item{Key: key, ListingID: key, State: o.State, Status: api.Status(o.Status),
		Code: o.Code, Field: o.Field, Hint: o.Hint, Again: o.State == Failed && o.Again}
	switch o.State {
	case Done:
		it.Result = ResultDone
	case Failed:
		it.Result = ResultFailed
	case InDoubt:
		it.Result, it.Hint = ResultInDoubt, "sent, and its answer lost: checked on resume"
	default:
		it.Result, it.Hint = ResultLeft, "left for a resume"
	}
	return it
}
