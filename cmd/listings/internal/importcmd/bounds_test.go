package importcmd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// attrsRow is a JSON Lines row of a phone with its required attributes and n
// attributes the category lacks.
func attrsRow(n int) string {
	var b strings.Builder
	b.WriteString(`{"title": "Смартфон Xiaomi Redmi 1", "description": "Смартфон у гарному стані, з чохлом і зарядкою.", ` +
		`"price": 4000, "category": "` + phones + `", "city": "Львів", ` +
		`"attributes": {"brand": "Xiaomi", "model": "Redmi", "memory": "64"`)
	for i := range n {
		fmt.Fprintf(&b, `, "x%06d": %d`, i, i)
	}
	b.WriteString("}}\n")
	return b.String()
}

// A row with 100 problems says its first 20 and how many more, on stderr as in the
// JSON (it printed every one: 2 million lines for a row of 2 million attributes).
func TestImportSaysTwentyProblemsOfARow(t *testing.T) {
	t.Parallel()
	c, dir := shop(t, 0)
	p := filepath.Join(dir, "wide.jsonl")
	if err := os.WriteFile(p, []byte(attrsRow(100)), 0o600); err != nil {
		t.Fatal(err)
	}
	r := c.Fails(cmdutil.ExitError, "", "import", "--dry-run", p)
	var said []string
	for l := range strings.SplitSeq(r.Stderr, "\n") {
		if strings.HasPrefix(l, "  row 1: ") {
			said = append(said, strings.TrimPrefix(l, "  row 1: "))
		}
	}
	if len(said) != 21 || !strings.HasPrefix(said[0], `attr.x000000: `) || !strings.HasPrefix(said[19], `attr.x000019: `) ||
		said[20] != "and 80 more problems in this row" {
		t.Errorf("%d lines of row 1, want 20 problems and the count of the rest:\n%s", len(said), strings.Join(said, "\n"))
	}
	var results []struct {
		Problems     []struct{ Column string }
		MoreProblems int `json:"more_problems"`
	}
	out := c.Run("", "import", "--dry-run", "--json", p).Stdout
	if err := json.Unmarshal([]byte(out), &results); err != nil || len(results) != 1 ||
		len(results[0].Problems) != 20 || results[0].MoreProblems != 80 {
		t.Errorf("--json: %v %+v\n%.300s", err, results, out)
	}
}

// A row of 200 000 attributes is refused as it is read, at the sheet's bound of
// columns, naming the bound and the row.
func TestImportRefusesARowWiderThanTheSheet(t *testing.T) {
	t.Parallel()
	c := clitest.Offline(t)
	p := filepath.Join(t.TempDir(), "wide.jsonl")
	if err := os.WriteFile(p, []byte(`{"title": "x"}`+"\n"+attrsRow(200_000)), 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := c.Fails(cmdutil.ExitUsage, "", "import", "--dry-run", p)
	if !strings.Contains(r.Stderr, "line 2: more than 1,024 keys in one object") {
		t.Errorf("stderr:\n%s", r.Stderr)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refused after %v", d)
	}
}
