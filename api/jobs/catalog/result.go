package catalog

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Outcomes of a row, for a report.
const (
	OutcomeCreated   = "created"
	OutcomeEdited    = "edited"
	OutcomeUnchanged = "unchanged"
	OutcomeRefused   = "refused"   // a cell broke a rule: nothing was sent
	OutcomeFailed    = "failed"    // the service refused it, or a file failed to upload
	OutcomeLeft      = "left"      // not sent yet: the job stopped or was interrupted
	OutcomeInDoubt   = "in_doubt"  // sent, answer lost: looked for on resume
	OutcomePlanned   = "to_create" // a dry run's create
	OutcomePlanEdit  = "to_edit"   // a dry run's edit
)

// Result is one row's outcome, for the report: what became of it, the listing, or
// the column and the reason it was refused.
type Result struct {
	Line      int       `json:"row"`
	Title     string    `json:"title,omitempty"`
	Outcome   string    `json:"outcome"`
	ListingID int       `json:"listing_id,omitempty"`
	Status    string    `json:"status,omitempty"`
	URL       string    `json:"url,omitempty"`
	Column    string    `json:"column,omitempty"`
	Reason    string    `json:"reason,omitempty"`
	Problems  []Problem `json:"problems,omitempty"`
	// MoreProblems counts the row's problems past MaxRowProblems.
	MoreProblems int               `json:"more_problems,omitempty"`
	Changes      []Change          `json:"changes,omitempty"` // what an edit changes (or changed)
	Files        []string          `json:"files,omitempty"`   // the files it uploads (a plan's), as the sheet names them
	Notes        []string          `json:"notes,omitempty"`
	Cells        map[string]string `json:"-"`
}

// ChangeText says an edit's changes in a line: "price 400 → 450; city_ref Львів →
// Тернопіль"; "" when there are none.
func (r Result) ChangeText() string {
	var parts []string
	for _, c := range r.Changes {
		old := c.Old
		if old == "" {
			old = ChangeNone
		}
		parts = append(parts, c.Field+" "+old+" → "+c.New)
	}
	return strings.Join(parts, "; ")
}

// OK says whether the row needs nothing more of the user.
func (r Result) OK() bool {
	switch r.Outcome {
	case OutcomeCreated, OutcomeEdited, OutcomeUnchanged, OutcomePlanned, OutcomePlanEdit:
		return true
	}
	return false
}

// Results are every row's outcome in the sheet's order: from the job's journal, or
// as planned when j is nil (a dry run, or nothing to send).
func Results(h Header, j *Journal) []Result {
	out := make([]Result, 0, len(h.Rows))
	for _, r := range h.Rows {
		res := Result{Line: r.Line, Title: r.Title, ListingID: r.ListingID, Problems: r.Problems, MoreProblems: r.MoreProblems, Changes: r.Changes, Notes: r.Notes, Cells: r.Cells}
		if j == nil && (r.Action == Create || r.Action == Edit) {
			res.Files = r.Files(filepath.Dir(h.File))
		}
		for _, f := range r.Fixes {
			res.Notes = append(slices.Clip(res.Notes), fmt.Sprintf("%s%s %s read as %s (%s)", NoteFixed, f.Column, f.From, f.To, f.Why))
		}
		switch r.Action {
		case Unchanged:
			res.Outcome = OutcomeUnchanged
		case Refused:
			res.Outcome = OutcomeRefused
		case Create, Edit:
			res.Outcome = OutcomePlanned
			if r.Action == Edit {
				res.Outcome = OutcomePlanEdit
			}
			if j != nil {
				res.fromJournal(r, j.Outcome(r.Line))
			}
		}
		if len(res.Problems) > 0 && res.Column == "" {
			res.Column, res.Reason = res.Problems[0].Column, res.Problems[0].Reason
		}
		out = append(out, res)
	}
	return out
}

func (res *Result) fromJournal(r Row, o Outcome) {
	switch o.State {
	case Done:
		res.Outcome = OutcomeCreated
		if r.Action == Edit {
			res.Outcome = OutcomeEdited
		}
		res.ListingID, res.Status, res.URL = o.ListingID, o.Status, o.URL
		if o.Found {
			res.Notes = append(res.Notes, "its create's answer was lost; found among the listings, not sent again")
		}
	case Failed:
		res.Outcome = OutcomeFailed
		if o.ListingID > 0 {
			res.ListingID = o.ListingID
		}
		res.Column, res.Reason = o.Field, o.Hint
		if res.Column == "" {
			res.Column = "-"
		}
		if o.Code != "" && o.Code != "error" {
			res.Reason = o.Code + ": " + o.Hint
		}
	case InDoubt:
		res.Outcome = OutcomeInDoubt
	default:
		res.Outcome = OutcomeLeft
	}
}
