package editor

import (
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// BenchmarkKeystroke is one character typed into a field of the details step of a
// category with seven attributes, through the editor's Update (the draft copied,
// checked, the descriptions refreshed, the change handed to the saver), and the frame.
func BenchmarkKeystroke(b *testing.B) {
	f := newFixture(b, sandbox.KeyBusiness)
	f.m.SetSize(120, 40)
	f.openDetails(30101)
	f.press("tab")
	k := tuitest.Key("7")
	bs := tuitest.Key("backspace")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		msg := k
		if i%2 == 1 {
			msg = bs
		}
		f.m, _ = f.m.Update(msg)
		_ = f.m.View()
	}
	b.StopTimer()
	_ = f.saver.Flush()
}

// BenchmarkReview is the review of a draft with a dozen attributes and photos laid
// out again, as on every change while it is shown.
func BenchmarkReview(b *testing.B) {
	f := newFixture(b, sandbox.KeyBusiness)
	f.m.SetSize(120, 40)
	f.openDetails(30101)
	f.press("ctrl+s")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		f.m.refreshReview()
		_ = f.m.View()
	}
}
