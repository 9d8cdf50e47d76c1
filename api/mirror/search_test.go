package mirror

import (
	"context"
	"fmt"
	"testing"

	"github.com/listings-tui/listings/api"
)

func searchFixture(t *testing.T) *DB {
	t.Helper()
	db := openTemp(t)
	f := &fakeList{}
	add := func(id int, title, city, price, cur string, views int, st api.Status) {
		c := city
		p, _ := api.ParsePrice(price)
		f.items = append(f.items, api.Listing{ID: id, Title: title, City: &c, Price: p, Currency: cur, Views: views, Status: st})
	}
	add(6, "Café table, oak", "Київ", "1500", "UAH", 40, api.StatusActive)
	add(5, "ЕЛЕКТРОВЕЛОСИПЕД новий", "Львів", "900", "USD", 10, api.StatusActive)
	add(4, "Крісло офісне", "Одеса", "2500", "UAH", 70, api.StatusInactive)
	add(3, "Naïve art print", "Kharkiv", "99.99", "EUR", 5, api.StatusActive)
	add(2, "Шафа-купе", "Дніпро", "120", "UAH", 0, api.StatusSold)
	add(1, "Ёлка искусственная", "Київ", "300", "UAH", 3, api.StatusActive)
	if _, err := db.Sync(context.Background(), f, SyncOptions{}); err != nil {
		t.Fatal(err)
	}
	full := api.ListingFull{Listing: f.items[1], Description: "Запас ходу 80 км, складна рама, «Bafang» мотор"}
	if err := db.PutDetail(context.Background(), &full, "uk"); err != nil {
		t.Fatal(err)
	}
	return db
}

func TestSearchFoldsCaseAndDiacriticsInCyrillicAndLatin(t *testing.T) {
	db := searchFixture(t)
	for q, want := range map[string]string{
		"cafe":         "[6]",
		"CAFÉ":         "[6]",
		"naive":        "[3]",
		"електро":      "[5]",
		"ЕлЕкТрОвЕлО":  "[5]",
		"крісло":       "[4]",
		"кресло":       "[]",  // і and е are letters, not accents
		"елка":         "[1]", // ё folds to е
		"bafang":       "[5]", // the description of an opened listing
		"рама складна": "[5]",
		"київ":         "[6 1]",
		"4":            "[4]",
		"шафа купе":    "[2]",
		"":             "[6 5 4 3 2 1]",
		`"`:            "[6 5 4 3 2 1]",
		`oak" OR "1`:   "[]", // three words, all required, none of them syntax
		"NEAR(caf":     "[]",
		"title:cafe":   "[]",
		"-cafe":        "[6]",
		"caf*":         "[6]",
		"^oak":         "[6]",
		"' OR 1=1 --":  "[]",
		"zzz":          "[]",
	} {
		ids, err := db.SearchIDs(context.Background(), Query{Text: q})
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		if got := fmt.Sprint(ids); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

func TestSortOnEveryColumn(t *testing.T) {
	db := searchFixture(t)
	for _, c := range []struct {
		q    Query
		want string
	}{
		{Query{Sort: SortViews}, "[4 6 5 3 1 2]"},
		{Query{Sort: SortViews, Reverse: true}, "[2 1 3 5 6 4]"},
		{Query{Sort: SortTitle}, "[6 3 5 1 4 2]"},
		{Query{Sort: SortPrice}, "[3 2 1 6 4 5]"}, // EUR, UAH low to high, USD
		{Query{Sort: SortStatus}, "[6 5 3 1 4 2]"},
		{Query{Sort: SortCity}, "[3 2 6 1 5 4]"},
		{Query{Sort: SortID, Reverse: true}, "[1 2 3 4 5 6]"},
		{Query{Status: api.StatusActive, Sort: SortViews, Limit: 2}, "[6 5]"},
		{Query{Text: "київ", Sort: SortViews}, "[6 1]"},
	} {
		ids, err := db.SearchIDs(context.Background(), c.q)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(ids); got != c.want {
			t.Errorf("%+v: %s, want %s", c.q, got, c.want)
		}
	}
	rows, err := db.Search(context.Background(), Query{Text: "електро"})
	if err != nil || len(rows) != 1 || rows[0].Price.String() != "900" || *rows[0].City != "Львів" || !rows[0].HasDetail {
		t.Errorf("%+v %v", rows, err)
	}
	if _, err := ParseSort("nope"); err == nil {
		t.Error("unknown sort accepted")
	}
}

func TestMatchQuotesEveryWord(t *testing.T) {
	for in, want := range map[string]string{
		`oak "table`: `"oak"* "table"*`,
		"  ":         "",
		"a-b c*":     `"a"* "b"* "c"*`,
		"м'який":     `"м"* "який"*`,
	} {
		if got := Match(in); got != want {
			t.Errorf("Match(%q) = %s, want %s", in, got, want)
		}
	}
}
