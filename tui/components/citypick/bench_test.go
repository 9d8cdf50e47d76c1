package citypick

import (
	"fmt"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func manyCities(n int) []api.City {
	out := make([]api.City, n)
	for i := range out {
		out[i] = api.City{Ref: fmt.Sprintf("ref-%03d", i), Name: fmt.Sprintf("Кипарисове %d", i), Type: "с.",
			Region: "Херсонська", Label: fmt.Sprintf("с. Кипарисове %d, Херсонська обл.", i), Warehouses: i}
	}
	return out
}

// BenchmarkKeystroke is one key typed while a full result list is shown, the
// answer coming from the cache, and the screen drawn: what each keystroke costs.
func BenchmarkKeystroke(b *testing.B) {
	f := &fakeSearcher{cities: manyCities(resultLimit)}
	m := picker(f, "uk")
	m.SetSize(120, 40)
	m, _ = find(b, m, "кип")
	m, _ = find(b, m, "а")
	if f.n() != 2 {
		b.Fatalf("calls %+v", f.calls)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := "backspace"
		if i%2 == 1 {
			k = "а"
		}
		m, _ = m.Update(tuitest.Key(k))
		_ = m.View()
	}
}

// BenchmarkAnswer is an answer of the largest size the service gives, cleaned,
// cached and shown.
func BenchmarkAnswer(b *testing.B) {
	m := picker(&fakeSearcher{}, "uk")
	m, _ = loop.Type(m, "кип")
	cities := manyCities(api.MaxCitiesLimit)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.seq, m.st = i+1, stSearching
		m, _ = m.Update(resultMsg{id: m.id, seq: i + 1, key: cacheKey("uk", "кип"), cities: cities})
		_ = m.View()
	}
}
