package export

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/internal/jsonlog"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// Write writes the sheet of the export journaled at j in format f to out: a row per
// listing fetched, in the list's order, with an attr.<code> column for every code any
// of them has. It reads the journal twice, piece by piece (the codes, then each row
// where it lies), so ten thousand details are never held at once. It returns the rows
// written.
func (j *Journal) Write(out io.Writer, f sheet.Format) (int, error) {
	type at struct{ off, n int64 }
	where := map[int]at{}
	codes := map[string]bool{}
	first := true
	err := jsonlog.Scan(j.Path, func(off int64, line []byte) error {
		if first { // the header
			first = false
			return nil
		}
		var e struct {
			ID      int    `json:"id"`
			Ev      string `json:"ev"`
			Listing struct {
				Attributes map[string]json.RawMessage `json:"attributes"`
			} `json:"listing"`
		}
		if json.Unmarshal(line, &e) != nil || e.Ev != "ok" {
			return nil
		}
		where[e.ID] = at{off, int64(len(line))}
		for c := range e.Listing.Attributes {
			codes[c] = true
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("read the export's journal: %w", err)
	}
	list := make([]string, 0, len(codes))
	for c := range codes {
		list = append(list, c)
	}
	columns := Columns(list)

	file, err := os.Open(j.Path)
	if err != nil {
		return 0, fmt.Errorf("read the export's journal: %w", err)
	}
	defer file.Close()
	w, err := sheet.NewWriter(out, f, columns)
	if err != nil {
		return 0, err
	}
	var buf []byte
	var row []any
	n := 0
	for _, p := range j.Head.Items {
		loc, ok := where[p.ID]
		if !ok {
			continue
		}
		if int64(cap(buf)) < loc.n {
			buf = make([]byte, loc.n)
		}
		buf = buf[:loc.n]
		if _, err := file.ReadAt(buf, loc.off); err != nil {
			return n, fmt.Errorf("read the export's journal: %w", err)
		}
		var e struct {
			Listing api.ListingFull `json:"listing"`
		}
		if err := json.Unmarshal(buf, &e); err != nil {
			return n, fmt.Errorf("the export's journal: listing %d: %w", p.ID, err)
		}
		row = Row(row, columns, &e.Listing)
		if err := w.WriteRow(row); err != nil {
			return n, err
		}
		n++
	}
	return n, w.Close()
}
