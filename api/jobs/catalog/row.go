package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// checker checks the rows of one sheet; its caches make every category tree,
// attribute list and city search one request however many rows need it.
type checker struct {
	o       Options
	svc     Service
	tax     *taxonomy
	cit     *cities
	earlier *earlier
	cur     *current
	charset string // the sheet's, when not UTF-8 (sheet.Table.Charset)
	reads   int
	lines   map[string]int // hash → the first line with it
}

// rowBuild collects one row's problems and notes.
type rowBuild struct {
	Row
	col     map[string]string         // the body's field → the column it came from
	kinds   map[string]sheet.CellKind // how the file stored a cell, where not plain
	refused map[string]bool           // every column with a problem, kept or counted
}

// refuse notes a problem of col: kept among the row's first MaxRowProblems, else
// only counted.
func (b *rowBuild) refuse(col string, reason rules.Why) {
	if b.refused == nil {
		b.refused = map[string]bool{}
	}
	b.refused[col] = true
	if len(b.Problems) >= MaxRowProblems {
		b.MoreProblems++
		return
	}
	b.Problems = append(b.Problems, Problem{Column: col, Reason: reason.String(), Why: reason})
}

// has reports whether col has a problem, whether or not it was kept.
func (b *rowBuild) has(col string) bool { return b.refused[col] }

// check plans one row. err is a failure to read what the check needs (the
// categories, a city search): it stops the check, since every row may need it.
func (c *checker) check(ctx context.Context, line int, raw map[string]string, kinds map[string]sheet.CellKind) (Row, error) {
	if id, done := reported(raw); done {
		// A row of an import's report whose listing was made: the report, its
		// refused rows fixed, is being imported again.
		return Row{Line: line, Cells: rowCells(raw), Title: raw["title"], Hash: rowHash(c.o.Sheet, rowCells(raw)),
			Action: Unchanged, ListingID: id, Notes: []string{"done in an earlier import (the report says so)"}}, nil
	}
	cells := rowCells(raw)
	b := &rowBuild{Row: Row{Line: line, Cells: cells, Title: cells["title"], Hash: rowHash(c.o.Sheet, cells)}, col: map[string]string{}, kinds: kinds}
	if first, ok := c.lines[b.Hash]; ok {
		b.Action = Refused
		b.refuse("title", because("same_row", "Row", first))
		return b.Row, nil
	}
	c.lines[b.Hash] = line
	if p, ok := c.earlier.byHash[b.Hash]; ok {
		b.Action, b.ListingID = Unchanged, p.ListingID
		return b.Row, nil
	}
	work := cells
	if idCell := cells["id"]; idCell != "" {
		id, err := rowID(b, idCell)
		if err != nil || id <= 0 {
			b.Action = Refused
			b.refuse("id", because("id.invalid", "Value", strconv.Quote(idCell)))
			return b.Row, nil
		}
		b.Action, b.ListingID = Edit, id
	} else if p, ids := c.earlier.titled(cells["title"]); len(ids) > 1 {
		b.Action = Refused
		b.refuse("id", because("id.ambiguous", "IDs", joinInts(ids)))
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
		b.Action, b.Create, b.Edit, b.Media, b.Changes, b.ToModeration = Refused, nil, nil, nil, nil, false
	}
	return b.Row, nil
}

// rowID reads the id cell: a listing's id, which pandas writes as 10053.0 when the
// column has an empty cell (a row to create).
func rowID(b *rowBuild, cell string) (int, error) {
	d, why, ok := decimal(cell)
	if !ok || (why != "" && why != whyFloat) {
		return 0, strconv.ErrSyntax
	}
	if why != "" {
		b.fix("id", cell, d, why)
	}
	return strconv.Atoi(d)
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

// category resolves a new listing's category (category or an export's category_path,
// and category_id; both given, they must name one category), or asks the suggestion;
// 0 with no problem when none is given and none is asked.
func (c *checker) category(ctx context.Context, b *rowBuild, cells map[string]string) (int, string, error) {
	col, cell := categoryCell(cells)
	idCell := cells["category_id"]
	b.col["category_id"] = col
	if cell == "" && idCell == "" {
		return 0, "", nil
	}
	var id int
	var path string
	for _, given := range []struct{ col, cell string }{{col, cell}, {"category_id", idCell}} {
		if given.cell == "" {
			continue
		}
		n, p, problem, err := c.tax.category(ctx, given.cell)
		if err != nil {
			return 0, "", err
		}
		switch {
		case !problem.OK():
			b.refuse(given.col, problem)
			return 0, "", nil
		case id != 0 && n != id:
			b.refuse(col, because("category.two", "Column", col, "Value", strconv.Quote(cell), "ID", strconv.Quote(idCell)))
			return 0, "", nil
		}
		id, path, b.col["category_id"] = n, p, given.col
	}
	return id, path, nil
}

func (c *checker) suggest(ctx context.Context, b *rowBuild, title, desc string) (int, string, error) {
	if rules.CheckTitle(title) != "" {
		return 0, "", nil // the title's own problem says it; a suggestion needs one
	}
	c.reads++
	s, err := c.svc.SuggestCategory(ctx, title, desc, c.o.lang())
	switch {
	case api.IsValidation(err):
		b.refuse("category", because("suggest.none"))
		return 0, "", nil
	case err != nil:
		return 0, "", fmt.Errorf("ask the category suggestion for row %d: %w", b.Line, err)
	}
	id, path, problem, err := c.tax.category(ctx, strconv.Itoa(s.CategoryID))
	if !problem.OK() {
		b.refuse("category", because("suggest.bad", "Why", problem))
	}
	b.Notes = append(b.Notes, fmt.Sprintf("%s%s (%d)", NoteSuggested, path, id))
	return id, path, err
}

// city resolves a new listing's city: a name (with its region after a comma when
// several places have it) or a city_ref; both given, the ref is taken unless the
// name is one place that is another.
func (c *checker) city(ctx context.Context, b *rowBuild, cells map[string]string) (string, error) {
	cell, refCell := cells["city"], cells["city_ref"]
	b.col["city_ref"] = "city"
	if cell == "" && refCell == "" {
		return "", nil
	}
	ref, problem, err := "", rules.Why{}, error(nil)
	if cell != "" {
		if ref, _, problem, err = c.cit.city(ctx, cell); err != nil {
			return "", err
		}
	}
	switch {
	case refCell == "" && !problem.OK():
		b.refuse("city", problem)
		return "", nil
	case refCell == "":
		return ref, nil
	case !cityRef().MatchString(refCell):
		b.col["city_ref"] = "city_ref"
		b.refuse("city_ref", because("city_ref.invalid", "Value", strconv.Quote(refCell)))
		return "", nil
	case problem.OK() && ref != "" && !strings.EqualFold(ref, refCell):
		b.refuse("city", because("city.two", "City", strconv.Quote(cell), "Ref", strconv.Quote(refCell)))
		return "", nil
	}
	b.col["city_ref"] = "city_ref"
	return strings.TrimSpace(refCell), nil
}

// media resolves the media columns the row gives.
func (c *checker) media(b *rowBuild, cells map[string]string) {
	for _, kind := range []string{KindPhoto, KindVideo, Kind3D} {
		cell, ok := cells[kind]
		if !ok {
			continue
		}
		ms, problems := c.resolveMedia(kind, cell)
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
