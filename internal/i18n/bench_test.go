package i18n

import "testing"

// BenchmarkFirstWord is a process's first word in English: its catalog is read as
// far as that word needs (book), not whole (5–7 ms and 2.2 MB when every file was
// given to go-i18n at once). docs/performance.md, "Start".
func BenchmarkFirstWord(b *testing.B) {
	for i := 0; i < b.N; i++ {
		mu.Lock()
		bundle, books, printers = nil, map[Lang]*book{}, map[Lang]*Printer{}
		mu.Unlock()
		_ = For(English).T("status.active")
	}
}

// BenchmarkFirstFrameWords are the words of the browser's first frame in Ukrainian:
// the areas it draws from, each file decoded once.
func BenchmarkFirstFrameWords(b *testing.B) {
	ids := []string{"status.active", "browser.tab.active", "frame.lang", "action.global.help", "format.status.active", "root.logged_in"}
	for i := 0; i < b.N; i++ {
		mu.Lock()
		bundle, books, printers = nil, map[Lang]*book{}, map[Lang]*Printer{}
		mu.Unlock()
		p := For(Ukrainian)
		for _, id := range ids {
			_ = p.T(id)
		}
	}
}
