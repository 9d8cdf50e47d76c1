package sandbox

import (
	"net/http/httptest"
	"testing"
)

// BenchmarkListPage measures a default page of 20 listings through ServeHTTP.
func BenchmarkListPage(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest("GET", "/api/v1/my/listings?status=all&limit=20", nil)
		r.RemoteAddr = "127.0.0.1:1234"
		r.Header.Set("Authorization", "Bearer "+KeyBusiness)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
		// Keep the key under its per-minute limit without a clock.
		s.mu.Lock()
		s.st.Counters["business"].Minute = 0
		s.st.Counters["business"].Today = 0
		s.mu.Unlock()
	}
}
