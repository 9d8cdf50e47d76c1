package catalog

import (
	"encoding/json"
	"strings"
	"testing"
)

func BenchmarkSearchCities(b *testing.B) {
	c := testCatalog(b)
	queries := []string{"Київ", "kam'ian", "Поділ", "Харків", "od", "ків"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c.SearchCities(queries[i%len(queries)], "uk", 10)
	}
}

func BenchmarkSuggest(b *testing.B) {
	c := testCatalog(b)
	b.Run("title", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c.Suggest("Продам iPhone 13 128GB", "Стан ідеальний, батарея 90%", "uk")
		}
	})
	// A description at the 5000-character limit.
	long := strings.Repeat("Гірський велосипед Trek, алюмінієва рама, дискові гальма, нова ланцюг. ", 70)[:5000]
	b.Run("max-description", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c.Suggest("Велосипед Trek Marlin 7", long, "uk")
		}
	})
}

func BenchmarkValidateAttributes(b *testing.B) {
	c := testCatalog(b)
	data, err := json.Marshal(c.SampleAttributes(101, 1))
	if err != nil {
		b.Fatal(err)
	}
	var body map[string]json.RawMessage
	if err := json.Unmarshal(data, &body); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if errs := c.ValidateAttributes(101, body); len(errs) != 0 {
			b.Fatal(errs)
		}
	}
}
