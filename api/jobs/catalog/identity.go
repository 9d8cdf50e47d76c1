package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/listings-tui/listings/api/jobs/sheet"
)

// Running the same sheet again must create nothing twice, and the service has no
// idempotency key. So each row is recognised by its content: a hash of its cells
// (trimmed, empty ones and the export's read-only columns left out) and of the
// sheet's identity, recorded in the journal with the listing the row made. A row
// whose hash an earlier import of the same service recorded is unchanged; a row of
// the same sheet whose title an earlier import recorded, with other cells changed,
// becomes an edit of that listing sending only the cells that changed.

// SheetID is a sheet's identity: its file name without the extension, lower case,
// so the catalogue exported as stock.xlsx and saved as stock.csv is one sheet, and
// moving the file to another folder changes nothing.
func SheetID(path string) string {
	base := filepath.Base(path)
	return strings.ToLower(strings.TrimSuffix(base, filepath.Ext(base)))
}

// rowCells are the cells that make a row what it is, trimmed: not those that say
// what became of it (an export's status, a report's result).
func rowCells(cells map[string]string) map[string]string {
	out := make(map[string]string, len(cells))
	for k, v := range cells {
		if v = strings.TrimSpace(v); v != "" && !sheet.NotListing(k) {
			out[k] = v
		}
	}
	return out
}

// rowHash is a row's content hash within its sheet.
func rowHash(sheetID string, cells map[string]string) string {
	keys := make([]string, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", sheetID)
	for _, k := range keys {
		fmt.Fprintf(h, "%s\x00%s\x00", k, cells[k])
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// prior is a row an earlier import made or edited a listing from.
type prior struct {
	Job       string
	Line      int
	ListingID int
	Cells     map[string]string
}

// earlier is what the earlier imports of a service recorded.
type earlier struct {
	byHash  map[string]prior
	byTitle map[string][]prior // by norm(title), this sheet's only
	// unfinished are the earlier jobs of this sheet with rows left (not given up).
	unfinished []string
}

// readEarlier reads the import journals in dir made on baseURL (another service's
// ids mean nothing here), oldest first, so a later row's outcome wins. A journal
// that cannot be read is skipped: it recorded nothing usable.
func readEarlier(dir, baseURL, sheetID string) *earlier {
	e := &earlier{byHash: map[string]prior{}, byTitle: map[string][]prior{}}
	if dir == "" {
		return e
	}
	jobs, _ := List(dir)
	for _, j := range jobs {
		if !sameBase(j.Head.BaseURL, baseURL) {
			continue
		}
		mine := j.Head.Sheet == sheetID
		if mine && j.Resumable() {
			e.unfinished = append(e.unfinished, j.Head.Job)
		}
		for _, r := range j.Head.Rows {
			id := r.ListingID
			switch r.Action {
			case Create, Edit:
				o := j.Outcome(r.Line)
				if o.State != Done {
					continue
				}
				if o.ListingID > 0 {
					id = o.ListingID
				}
			case Unchanged:
			default:
				continue
			}
			if id <= 0 {
				continue
			}
			p := prior{Job: j.Head.Job, Line: r.Line, ListingID: id, Cells: r.Cells}
			e.byHash[r.Hash] = p
			if t := norm(r.Cells["title"]); mine && t != "" {
				e.byTitle[t] = append(e.byTitle[t], p)
			}
		}
	}
	return e
}

func sameBase(a, b string) bool {
	return strings.TrimRight(a, "/") == strings.TrimRight(b, "/")
}

// byTitle is the one listing an earlier import of this sheet made from a row with
// this title; ids lists them when there are several.
func (e *earlier) titled(title string) (p prior, ids []int) {
	seen := map[int]bool{}
	for _, c := range e.byTitle[norm(title)] {
		if !seen[c.ListingID] {
			seen[c.ListingID] = true
			ids = append(ids, c.ListingID)
			p = c
		}
	}
	if len(ids) != 1 {
		return prior{}, ids
	}
	return p, nil
}

// changedCells are the cells of now that differ from before's; a cell emptied is
// not a change (most fields cannot be cleared by an edit).
func changedCells(before, now map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range now {
		if strings.TrimSpace(before[k]) != v {
			out[k] = v
		}
	}
	return out
}
