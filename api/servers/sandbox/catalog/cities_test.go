package catalog

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

const (
	refKyiv      = "8d5a980d-391c-11dd-90d9-001a92567626"
	refKamianets = "db5c8914-391c-11dd-90d9-001a92567626"
	refKamianske = "0e418e83-3480-511d-9b89-efbef07d032b"
	refPodilsk   = "dd04146a-1946-5238-b08c-48e89959928d"
	refMohyliv   = "7d608b61-b07d-5bb6-8ddb-a20a51d51cbc"
)

func names(cs []City) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

func TestSearchCitiesApostrophes(t *testing.T) {
	c := testCatalog(t)
	for _, q := range []string{"Кам'янець", "Кам’янець", "Камʼянець", "Кам`янець", "Кам′янець", "камянець", "КАМ'ЯНЕЦЬ"} {
		got := c.SearchCities(q, "uk", 5)
		if len(got) == 0 || got[0].Ref != refKamianets || got[0].Name != "Кам'янець-Подільський" {
			t.Errorf("%q: %v", q, names(got))
		}
	}
	// Both Kam'ianets and Kam'ianske have 120 warehouses: the name breaks the tie.
	got := c.SearchCities("кам’ян", "uk", 10)
	if len(got) < 2 || got[0].Ref != refKamianets || got[1].Ref != refKamianske {
		t.Errorf("кам’ян: %v", names(got))
	}
}

func TestSearchCitiesHyphens(t *testing.T) {
	c := testCatalog(t)
	for _, q := range []string{"Івано-Франківськ", "івано франківськ", "Івано–Франківськ", "ivano frankivsk"} {
		got := c.SearchCities(q, "uk", 3)
		if len(got) == 0 || got[0].Name != "Івано-Франківськ" {
			t.Errorf("%q: %v", q, names(got))
		}
	}
}

func TestSearchCitiesRanking(t *testing.T) {
	c := testCatalog(t)
	// Name prefix (Подільськ) before word prefixes, which go by warehouses (120, 16).
	got := c.SearchCities("Поділ", "uk", 10)
	want := []string{refPodilsk, refKamianets, refMohyliv}
	if len(got) != 3 {
		t.Fatalf("Поділ: %v", names(got))
	}
	for i, ref := range want {
		if got[i].Ref != ref {
			t.Errorf("Поділ: position %d is %s, want %s (%v)", i, got[i].Name, ref, names(got))
		}
	}
	// The exact name first, then the rest: Київ before the towns of Київська обл.,
	// which match only by label.
	got = c.SearchCities("Київ", "uk", 50)
	if len(got) < 10 || got[0].Ref != refKyiv {
		t.Fatalf("Київ: %v", names(got))
	}
	for i := 2; i < len(got); i++ {
		if got[i-1].Warehouses < got[i].Warehouses {
			t.Errorf("Київ: label matches not by warehouses at %d: %v", i, names(got))
		}
	}
	// A substring of a name ranks after a prefix, however many warehouses it has.
	got = c.SearchCities("ків", "uk", 50)
	if len(got) < 2 || got[0].Name != "Ківерці" || got[1].Name != "Харків" {
		t.Errorf("ків: %v", names(got))
	}
}

func TestSearchCitiesLanguages(t *testing.T) {
	c := testCatalog(t)
	tests := []struct{ q, lang, name, label string }{
		{"Kyiv", "uk", "Київ", "м. Київ, Київська обл."},
		{"Киев", "en", "Kyiv", "Kyiv (city), Kyiv Oblast"},
		{"Київ", "ru", "Киев", "г. Киев, Киевская обл."},
		{"kyiv", "xx", "Київ", "м. Київ, Київська обл."},
		{"Могилев-Подольский", "uk", "Могилів-Подільський", "м. Могилів-Подільський, Вінницька обл."},
	}
	for _, tt := range tests {
		got := c.SearchCities(tt.q, tt.lang, 1)
		if len(got) != 1 || got[0].Name != tt.name || got[0].Label != tt.label {
			t.Errorf("%q in %s: %+v", tt.q, tt.lang, got)
		}
	}
}

func TestSearchCitiesLimitsAndOddInput(t *testing.T) {
	c := testCatalog(t)
	if got := c.SearchCities("а", "uk", 50); len(got) != 50 {
		t.Errorf("limit 50 gave %d", len(got))
	}
	if got := c.SearchCities("Київ", "uk", 3); len(got) != 3 {
		t.Errorf("limit 3 gave %d", len(got))
	}
	for _, q := range []string{"", "   ", "''", "--", "zzzzzz", "\x00\xff", strings.Repeat("ab", 5000)} {
		if got := c.SearchCities(q, "uk", 10); got == nil || len(got) != 0 {
			t.Errorf("%q: %v", q, names(got))
		}
	}
	if got := c.SearchCities("Київ", "uk", 0); got == nil || len(got) != 0 {
		t.Errorf("limit 0: %v", names(got))
	}
}

func TestCityLookupAndFields(t *testing.T) {
	c := testCatalog(t)
	ct, ok := c.City(refKyiv, "en")
	want := City{Ref: refKyiv, Name: "Kyiv", Type: "city", Region: "Kyiv", Label: "Kyiv (city), Kyiv Oblast", Warehouses: 2480}
	if !ok || ct != want {
		t.Errorf("City = %+v, %v", ct, ok)
	}
	if _, ok := c.City("nope", "uk"); ok {
		t.Error("unknown ref found")
	}
	refs := c.CityRefs()
	if refs[0] != refKyiv || len(refs) != 143 {
		t.Errorf("CityRefs: %d, first %s", len(refs), refs[0])
	}
	refs[0] = "changed"
	if c.CityRefs()[0] != refKyiv {
		t.Error("CityRefs exposes internal state")
	}
	data, err := json.Marshal(c.SearchCities("Київ", "uk", 50))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"ref_source", "warehouses_source", "np_settlement_ref", "np_public", "synthetic"} {
		if strings.Contains(string(data), secret) {
			t.Errorf("search result leaks %s", secret)
		}
	}
	var objs []map[string]any
	if err := json.Unmarshal(data, &objs); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0)
	for k := range objs[0] {
		keys = append(keys, k)
	}
	if len(keys) != 6 {
		t.Errorf("City JSON keys = %v", keys)
	}
}

func TestFold(t *testing.T) {
	tests := map[string]string{
		"  Кам’янець--Подільський ": "камянець подільський",
		"Могилёв":          "могилев",
		"IVANO\tFRANKIVSK": "ivano frankivsk",
		"ʼ'`":              "",
	}
	for in, want := range tests {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := tokens("Продам iPhone-13, 128GB (б/у) комп'ютер"), []string{"продам", "iphone", "13", "128gb", "б", "у", "компютер"}; !reflect.DeepEqual(got, want) {
		t.Errorf("tokens = %q, want %q", got, want)
	}
}
