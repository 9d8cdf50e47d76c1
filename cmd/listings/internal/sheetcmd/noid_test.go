package sheetcmd_test

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// Two listings whose ids cannot be read are both exported, their id "?" (which
// import refuses, where an empty id would create them anew), and listing 7, sent
// twice, once; --detail asks for the detail of 7 alone and says why.
func TestExportKeepsListingsWhoseIDCannotBeRead(t *testing.T) {
	t.Parallel()
	var details atomic.Int64
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/v1/my/listings":
			_, _ = w.Write([]byte(`{"ok":true,"count":4,"listings":[
				{"id":"abc","title":"Перша","price":100,"currency":"UAH","status":"active"},
				{"id":"abc","title":"Друга","price":200,"currency":"UAH","status":"active"},
				{"id":7,"title":"Сьома","price":700,"currency":"UAH","status":"active"},
				{"id":7,"title":"Сьома","price":700,"currency":"UAH","status":"active"}]}`))
		case "/api/v1/my/listings/7":
			details.Add(1)
			_, _ = w.Write([]byte(`{"ok":true,"lang":"uk","listing":{"id":7,"title":"Сьома","price":700,"currency":"UAH","status":"active","description":"Опис"}}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"ok":false,"error":"not_found","hint":"test"}`))
		}
	}))
	c.Env = map[string]string{"LISTINGS_DATA_DIR": t.TempDir()}
	r := c.Run("", "export")
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.Stdout, "\ufeff"))).ReadAll()
	if r.Code != 0 || err != nil || len(recs) != 4 {
		t.Fatalf("exit %d, %v, %d records, want the header and 3:\n%s\n%s", r.Code, err, len(recs), r.Stdout, r.Stderr)
	}
	if got := [3][2]string{{recs[1][0], recs[1][2]}, {recs[2][0], recs[2][2]}, {recs[3][0], recs[3][2]}}; got != [3][2]string{{"?", "Перша"}, {"?", "Друга"}, {"7", "Сьома"}} {
		t.Errorf("rows %v", got)
	}
	if !strings.Contains(r.Stderr, "2 listings with an id that cannot be read: in the file with the id ?") {
		t.Errorf("stderr:\n%s", r.Stderr)
	}

	file := filepath.Join(t.TempDir(), "detail.csv")
	r = c.Run("", "export", "--detail", "-o", file)
	data, _ := os.ReadFile(file)
	recs, err = csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff")))).ReadAll()
	if r.Code != 0 || err != nil || len(recs) != 2 || recs[1][0] != "7" || details.Load() != 1 {
		t.Fatalf("--detail: exit %d, %v, %d detail requests, %q\n%s", r.Code, err, details.Load(), recs, r.Stderr)
	}
	if !strings.Contains(r.Stderr, "2 listings with an id that cannot be read: left out: there is no id to ask for their detail with") {
		t.Errorf("--detail stderr:\n%s", r.Stderr)
	}
}
