package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/rules"
)

// checker checks the rows of one sheet; its caches make every category tree,
// attribute list and city search one request however many rows need it.
type checker struct {
	o       Options
	svc     Service
	tax     *taxonomy
	cit     *cities
	earlier *earlier
	reads   int
	lines   map[string]int // hash → the first line with it
}

// rowBuild collects one row's problems and notes.
type rowBuild struct {
	Row
	col map[string]string // the body's field → the column it came from
	// current is the listing an edit row names, once read (fetched).
	current *api.ListingFull
	fetched bool
}

func (b *rowBuild) refuse(col, reason string) {
	b.Problems = append(b.Problems, Problem{Column: col, Reason: reason})
}

func (b *rowBuild) has(col string) bool {
	for _, p := range b.Problems {
		if p.Column == col {
			return true
		}
	}
	return false
}

// check plans one row. err is a failure to read what the check needs (the
// categories, a city search): it stops the check, since every row may need it.
func (c *checker) check(ctx context.Context, line int, raw map[string]string) (Row, error) {
	if id, done := reported(raw); done {
		// A row of an import's report whose listing was made: the report, its
		// refused rows fixed, is being imported again.
		return Row{Line: line, Cells: rowCells(raw), Title: raw["title"], Hash: rowHash(c.o.Sheet, rowCells(raw)),
			Action: Unchanged, ListingID: id, Notes: []string{"done in an earlier import (the report says so)"}}, nil
	}
	cells := rowCells(raw)
	b := &rowBuild{Row: Row{Line: line, Cells: cells, Title: cells["title"], Hash: rowHash(c.o.Sheet, cells)}, col: map[string]string{}}
	if first, ok := c.lines[b.Hash]; ok {
		b.Action = Refused
		b.refuse("title", fmt.Sprintf("the same as row %d: one row, one listing", first))
		return b.Row, nil
	}
	c.lines[b.Hash] = line
	if p, ok := c.earlier.byHash[b.Hash]; ok {
		b.Action, b.ListingID = Unchanged, p.ListingID
		return b.Row, nil
	}
	work := cells
	if idCell := cells["id"]; idCell != "" {
		id, err := strconv.Atoi(idCell)
		if err != nil || id <= 0 {
			b.Action = Refused
			b.refuse("id", fmt.Sprintf("%q is not a listing id: leave it empty to create a listing", idCell))
			return b.Row, nil
		}
		b.Action, b.ListingID = Edit, id
	} else if p, ids := c.earlier.titled(cells["title"]); len(ids) > 1 {
		b.Action = Refused
		b.refuse("id", fmt.Sprintf("earlier imports of this sheet made listings %s with this title: put the id of the one this row is in the id column", joinInts(ids)))
		return b.Row, nil
	} else if p.ListingID > 0 {
		b.Action, b.ListingID = Edit, p.ListingID
		work = changedCells(p.Cells, cells)
		b.Notes = append(b.Notes, fmt.Sprintf("changed since row %d of job %s made listing %d: only the changed cells are sent", p.Line, p.Job, p.ListingID))
		if len(work) == 0 {
			b.Action = Unchanged
			return b.Row, nil
		}
	} else {
		b.Action = Create
	}
	var err error
	if b.Action == Create {
		err = c.create(ctx, b, work)
	} else {
		err = c.edit(ctx, b, work)
	}
	if err != nil {
		return Row{}, err
	}
	if len(b.Problems) > 0 {
		b.Action, b.Create, b.Edit, b.Media = Refused, nil, nil, nil
	}
	return b.Row, nil
}

// reported is the listing of a report's row that was created, edited or unchanged.
func reported(raw map[string]string) (int, bool) {
	switch strings.TrimSpace(raw["result"]) {
	case OutcomeCreated, OutcomeEdited, OutcomeUnchanged:
		id, err := strconv.Atoi(strings.TrimSpace(raw["listing_id"]))
		return id, err == nil && id > 0
	}
	return 0, false
}

func joinInts(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, ", ")
}

// texts reads the plain fields every body has; set is called for each one given.
func (c *checker) texts(b *rowBuild, cells map[string]string, set func(field, v string)) {
	for _, f := range []string{"title", "description", "currency", "condition", "contact_name", "contact_phone"} {
		v, ok := cells[f]
		if !ok {
			continue
		}
		switch f {
		case "currency":
			v = strings.ToUpper(v)
		case "condition":
			v = strings.ToLower(v)
		case "contact_phone":
			if fixed, ok := spreadsheetPhone(v); ok {
				b.Notes = append(b.Notes, fmt.Sprintf("%s%s %s read as %s (a spreadsheet drops the + of a phone)", NoteFixed, f, v, fixed))
				v = fixed
			}
			if lost(v) {
				b.refuse(f, fmt.Sprintf("%q is a phone a spreadsheet turned into a rounded number: its digits are lost; type it again (+380…) in a column formatted as text, or save the sheet as XLSX", rules.Clip(v, 24)))
			} else if m := rules.CheckPhone(v); m != "" {
				b.refuse(f, m)
			}
		case "contact_name":
			if n := rules.Chars(v); n > rules.ContactNameMax {
				b.refuse(f, fmt.Sprintf("%d characters; shorten it to %d", n, rules.ContactNameMax))
			}
		}
		set(f, v)
	}
}

// NoteFixed begins a row's note that says a cell was read otherwise than written,
// to undo what a spreadsheet did to it: a plan shows these.
const NoteFixed = "fixed: "

// spreadsheetPhone is a Ukrainian mobile or landline number whose "+" a
// spreadsheet dropped, as Excel and LibreOffice do when they open a CSV and take
// "+380501234567" for the number 380501234567 (an XLSX cell read by its value is the
// same): 12 digits beginning 380 are the country code, never a phone of their own
// (a number dialled inside Ukraine has 10 digits, 0XX…), so the + is put back.
func spreadsheetPhone(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if len(v) != 12 || !strings.HasPrefix(v, "380") || strings.Trim(v, "0123456789") != "" {
		return "", false
	}
	return "+" + v, true
}

// lost reports a phone a spreadsheet showed in scientific notation and saved so
// (3.80501E+11): its last digits are gone.
func lost(v string) bool {
	m, e, ok := strings.Cut(strings.ToUpper(strings.TrimSpace(v)), "E+")
	return ok && m != "" && e != "" && strings.Trim(m, "0123456789.,") == "" && strings.Trim(e, "0123456789") == ""
}

// boolCell reads hide_phone.
func boolCell(v string) (bool, bool) {
	switch norm(v) {
	case "true", "yes", "1", "так", "да", "y":
		return true, true
	case "false", "no", "0", "ні", "нет", "n":
		return false, true
	}
	return false, false
}

// category resolves the row's category (category, else category_id), or asks the
// suggestion; 0 with no problem when none is given and none is asked.
func (c *checker) category(ctx context.Context, b *rowBuild, cells map[string]string) (int, string, error) {
	col, cell := "category", cells["category"]
	if id := cells["category_id"]; id != "" {
		if cell != "" && cell != id {
			b.refuse("category", fmt.Sprintf("category %q and category_id %q disagree: keep one", cell, id))
			return 0, "", nil
		}
		col, cell = "category_id", id
	}
	b.col["category_id"] = col
	if cell == "" {
		return 0, "", nil
	}
	id, path, problem, err := c.tax.category(ctx, cell)
	if problem != "" {
		b.refuse(col, problem)
	}
	return id, path, err
}

func (c *checker) suggest(ctx context.Context, b *rowBuild, title, desc string) (int, string, error) {
	if rules.CheckTitle(title) != "" {
		return 0, "", nil // the title's own problem says it; a suggestion needs one
	}
	c.reads++
	s, err := c.svc.SuggestCategory(ctx, title, desc, c.o.lang())
	switch {
	case api.IsValidation(err):
		b.refuse("category", "the AI suggestion found no category for this title: give one")
		return 0, "", nil
	case err != nil:
		return 0, "", fmt.Errorf("ask the category suggestion for row %d: %w", b.Line, err)
	}
	id, path, problem, err := c.tax.category(ctx, strconv.Itoa(s.CategoryID))
	if problem != "" {
		b.refuse("category", "the AI suggested "+problem)
	}
	b.Notes = append(b.Notes, fmt.Sprintf("%s%s (%d)", NoteSuggested, path, id))
	return id, path, err
}

func (c *checker) city(ctx context.Context, b *rowBuild, cells map[string]string) (string, error) {
	col, cell := "city", cells["city"]
	if ref := cells["city_ref"]; ref != "" {
		col, cell = "city_ref", ref
	}
	b.col["city_ref"] = col
	if cell == "" {
		return "", nil
	}
	ref, _, problem, err := c.cit.city(ctx, cell)
	if problem != "" {
		b.refuse(col, problem)
	}
	return ref, err
}

// media resolves the media columns the row gives.
func (c *checker) media(b *rowBuild, cells map[string]string) {
	for _, kind := range []string{KindPhoto, KindVideo, Kind3D} {
		cell, ok := cells[kind]
		if !ok {
			continue
		}
		ms, problems := resolveMedia(kind, cell, c.o.Dir)
		for _, p := range problems {
			b.refuse(kind, p)
		}
		if kind == KindPhoto && cells["photos_wm"] != "" {
			mediaWM(ms, cells["photos_wm"])
		}
		if kind == KindVideo && len(ms) == 1 && ms[0].URL != "" {
			ms[0].Thumb = cells["video_thumbnail"]
		}
		if b.Media == nil {
			b.Media = map[string][]Medium{}
		}
		b.Media[kind] = ms
	}
}

// rawAttrs are a listing's attributes as the detail gave them, for a body.
func rawAttrs(a map[string]json.RawMessage) map[string]any {
	out := make(map[string]any, len(a))
	for k, v := range a {
		out[k] = v
	}
	return out
}
