package listing_test

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// prices are the account's prices by id, exactly as the service wrote them.
func prices(t *testing.T, c *clitest.Runner) map[int]*big.Rat {
	t.Helper()
	out := c.OK("", "ls", "--status", "all", "--all", "--json")
	dec := json.NewDecoder(bytes.NewReader([]byte(out)))
	dec.UseNumber()
	var ls []struct {
		ID    int         `json:"id"`
		Price json.Number `json:"price"`
	}
	if err := dec.Decode(&ls); err != nil {
		t.Fatal(err)
	}
	m := map[int]*big.Rat{}
	for _, l := range ls {
		r, ok := new(big.Rat).SetString(l.Price.String())
		if !ok {
			t.Fatalf("price %q", l.Price)
		}
		m[l.ID] = r
	}
	return m
}

func TestPriceMany(t *testing.T) {
	t.Parallel()
	c, writes, _ := bulkShop(t, 20)
	var ids []string
	before := prices(t, c)
	for _, id := range activeIDs(t, c, 12) {
		n, _ := strconv.Atoi(id)
		if before[n].Sign() > 0 && len(ids) < 5 {
			ids = append(ids, id)
		}
	}
	if len(ids) != 5 {
		t.Fatalf("priced listings: %v", ids)
	}

	// The plan: five changes, each back to moderation, nothing sent.
	var plan []struct {
		ID       int    `json:"id"`
		Change   bool   `json:"change"`
		OldPrice string `json:"old_price"`
		NewPrice string `json:"new_price"`
	}
	w := writes.Load()
	c.OKJSON(&plan, strings.Join(ids, "\n"), "price", "-", "--by", "-10%", "--dry-run", "--json")
	if writes.Load() != w {
		t.Errorf("--dry-run sent %d writes", writes.Load()-w)
	}
	if len(plan) != 5 {
		t.Fatalf("plan: %+v", plan)
	}
	want := map[int]*big.Rat{}
	for _, p := range plan {
		old, _ := new(big.Rat).SetString(p.OldPrice)
		np, ok := new(big.Rat).SetString(p.NewPrice)
		exp := new(big.Rat).Mul(old, big.NewRat(9, 10))
		if !p.Change || !ok || old.Cmp(before[p.ID]) != 0 || np.Cmp(exp) != 0 {
			t.Errorf("planned %+v, want %s", p, exp.FloatString(2))
		}
		want[p.ID] = np
	}

	r := c.Run("", append([]string{"price", "--by", "-10%"}, ids...)...)
	if r.Code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	if !strings.Contains(r.Stderr, "5 active listings go back to moderation") {
		t.Errorf("no moderation warning on stderr:\n%s", r.Stderr)
	}
	if got := writes.Load() - w; got != 5 {
		t.Errorf("%d edits, want 5", got)
	}
	after := prices(t, c)
	for id, np := range want {
		if after[id].Cmp(np) != 0 {
			t.Errorf("listing %d costs %s, planned %s", id, after[id].FloatString(2), np.FloatString(2))
		}
	}

	// A usage error sends nothing.
	c.Fails(2, "", "price", ids[0], "--set", "100", "--by", "+5%")
	c.Fails(2, "", "price", ids[0])
}
