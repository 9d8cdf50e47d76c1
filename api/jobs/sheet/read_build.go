package sheet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
)

// builder makes a Table from a header and rows of cells, whatever the format, and
// checks what every format shares: the bounds, the names, the character set.
type builder struct {
	o     Options
	f     Format
	unit  string // what a row is called: "row", "line" in JSON Lines
	t     Table
	index []int // the column of each header cell; -1 for a nameless one
	named map[string]bool
	where func(i int) string
	utf8  bool // check every cell is UTF-8 (a text file whose start was)
	moji  mojibake
	cells int // the cells of the rows held, for MaxCells
	// pandas is the last number of a nameless first column read as pandas' index
	// (DataFrame.to_csv and to_excel write one unless told index=False): -1 when
	// the first column is named, or held something else.
	pandas int
}

func (o Options) builder(f Format) *builder {
	unit := "row"
	if f == JSONL {
		unit = "line"
	}
	return &builder{o: o, f: f, unit: unit, named: map[string]bool{}}
}

// header takes the header's names, folded to lower case. A repeated name is refused
// (which of two cells would count is a guess); a nameless column is allowed while it
// stays empty. where names the i-th header cell for a message ("column C").
func (b *builder) header(names []string, where func(i int) string) error {
	b.where = where
	b.pandas = -1
	if len(names) > 0 && FoldColumn(names[0]) == "" {
		b.pandas = 0
	}
	seen := map[string]int{}
	for i, h := range names {
		name := FoldColumn(h)
		if name == "" {
			b.index = append(b.index, -1)
			continue
		}
		if j, ok := seen[name]; ok {
			return fmt.Errorf("the header names %q twice (%s and %s): keep one", name, where(j), where(i))
		}
		seen[name] = i
		if err := b.column(h, where(i)); err != nil {
			return err
		}
		b.index = append(b.index, len(b.t.Columns)-1)
	}
	if len(b.t.Columns) == 0 {
		return refuse("no_names")
	}
	return nil
}

// column adds a column named raw (as written; where says where, for a message).
func (b *builder) column(raw, where string) error {
	name := FoldColumn(raw)
	if len(b.t.Columns) >= b.o.lim.columns {
		return fmt.Errorf("the sheet has more than %s columns (%s is one more): an export of every category's attributes has about 130; leave out the columns no import reads",
			format.Number(b.o.lim.columns), where)
	}
	if len(name) > 256 {
		return fmt.Errorf("%s is a column name of %d characters: a name is a word such as title or attr.color", where, utf8.RuneCountInString(name))
	}
	if b.utf8 && !utf8.ValidString(raw) {
		return notUTF8(where)
	}
	b.moji.header(raw)
	b.t.Columns = append(b.t.Columns, name)
	b.named[name] = true
	return nil
}

// FoldColumn is a column name as compared: trimmed and lower case.
func FoldColumn(name string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimPrefix(name, "\ufeff")))
}

// rowName is a row as a message names it: "row 5", "line 5".
func (b *builder) rowName(line int) string { return fmt.Sprintf("%s %d", b.unit, line) }

// add keeps one row of cells in the header's order (kinds: nil, or the kind of each
// cell); a row with no value is left out.
func (b *builder) add(line int, cells []string, kinds []CellKind) error {
	row := Row{Line: line}
	for i, c := range cells {
		if strings.TrimSpace(c) == "" {
			continue
		}
		if i == 0 && b.pandasIndex(c) {
			continue
		}
		if i >= len(b.index) || b.index[i] < 0 {
			return fmt.Errorf("%s has a value in %s, which has no name in the header: name the column or clear it", b.rowName(line), b.where(i))
		}
		col := b.t.Columns[b.index[i]]
		if err := b.cell(line, col, c); err != nil {
			return err
		}
		if row.Cells == nil {
			row.Cells = make(map[string]string, filled(cells[i:]))
		}
		row.Cells[col] = c
		if i < len(kinds) && kinds[i] != KindPlain {
			if row.Kinds == nil {
				row.Kinds = map[string]CellKind{}
			}
			row.Kinds[col] = kinds[i]
		}
	}
	return b.keep(row)
}

// pandasIndex says whether the first cell of a row is pandas' index: the column has
// no name, and its numbers rise from 0 (by one, or with gaps where rows were
// filtered out) in every row so far. It is left out, said once.
func (b *builder) pandasIndex(c string) bool {
	if b.pandas < 0 || len(b.index) == 0 || b.index[0] >= 0 {
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(c))
	if err != nil || n < b.pandas || (b.pandas == 0 && len(b.t.Rows) == 0 && n != 0) {
		b.pandas = -1
		return false
	}
	b.pandas = n + 1
	b.note(rules.Because(whyPrefix + "note.index"))
	return true
}

// filled counts the cells with a value, to make a row's map once.
func filled(cells []string) int {
	n := 0
	for _, c := range cells {
		if c != "" {
			n++
		}
	}
	return n
}

// cell checks one value of a row.
func (b *builder) cell(line int, col, v string) error {
	if len(v) > b.o.lim.cell {
		return fmt.Errorf("%s, column %s: a cell of %d KB; a cell holds at most %d KB (a description is at most 5000 characters): shorten it%s",
			b.rowName(line), col, len(v)>>10, b.o.lim.cell>>10, b.openQuoteHint())
	}
	if b.utf8 && !utf8.ValidString(v) {
		return notUTF8(fmt.Sprintf("%s, column %s", b.rowName(line), col))
	}
	if b.moji.cell(v) {
		b.moji.where(fmt.Sprintf("%s, column %s", b.rowName(line), col))
	}
	return nil
}

func (b *builder) openQuoteHint() string {
	if b.f == CSV {
		return ", or close the quote left open before it (a quote left open makes one cell of the rows after it)"
	}
	return ""
}

// keep holds a row with a value; it is the MaxRows+1st such row that is refused,
// before it is held.
func (b *builder) keep(row Row) error {
	if len(row.Cells) == 0 {
		return nil
	}
	if len(b.t.Rows) >= b.o.lim.rows {
		return refuse("rows."+b.unit, "Max", rules.Num(b.o.lim.rows), "Row", row.Line)
	}
	cells := b.o.lim.cells
	if cells == 0 {
		cells = MaxCells
	}
	if b.cells += len(row.Cells); b.cells > cells {
		return refuse("cells."+b.unit, "Max", rules.Num(cells), "Row", row.Line)
	}
	b.t.Rows = append(b.t.Rows, row)
	return nil
}

// table is the sheet read, or why it cannot be imported as it is.
func (b *builder) table() (*Table, error) {
	if err := b.moji.err(b.f); err != nil {
		return nil, err
	}
	if len(b.t.Rows) == 0 {
		return nil, refuse("no_rows")
	}
	if !b.o.New && !b.named["id"] {
		var seen, only []string
		for _, c := range []string{"status", "url", "views", "vip", "top", "created_at"} {
			if b.named[c] {
				seen = append(seen, c)
				if !slices.Contains(ReportColumns, c) {
					only = append(only, c)
				}
			}
		}
		// An import's report adds status and url too: only the columns nothing but
		// an export writes say that this is one.
		if len(only) >= 2 {
			return nil, refuse("export", "Columns", strings.Join(seen, ", "))
		}
	}
	return &b.t, nil
}

// note adds a line to the table's notes, once.
func (b *builder) note(w rules.Why) { b.t.note(w) }

// note adds w to the notes, once: its English to Notes, itself to Said.
func (t *Table) note(w rules.Why) {
	if s := w.String(); !slices.Contains(t.Notes, s) {
		t.Notes = append(t.Notes, s)
		t.Said = append(t.Said, w)
	}
}

func notUTF8(where string) error {
	return fmt.Errorf("%s is not UTF-8 text, though the start of the file is (two files pasted together?): save the whole sheet as CSV UTF-8", where)
}
