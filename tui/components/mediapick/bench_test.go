package mediapick

import (
	"fmt"
	"testing"

	"github.com/listings-tui/listings/tui/draft"
)

// BenchmarkTick is one progress redraw with a full step: 12 photos and 72 frames,
// three uploads running. It runs every 100 ms while uploads run.
func BenchmarkTick(b *testing.B) {
	var photos, frames []draft.Photo
	for i := range 12 {
		photos = append(photos, draft.Photo{Path: fmt.Sprintf("/pics/car-%02d.jpg", i), Size: 2 << 20})
	}
	for i := range MaxFrames {
		frames = append(frames, draft.Photo{Path: fmt.Sprintf("/pics/tour/f%03d.jpg", i)})
	}
	m := New(newFake(), "/pics")
	m.SetSize(120, 40)
	m.SetMedia(photos, &draft.Video{Path: "/pics/car.mp4"}, frames)
	m, _ = m.Update(wake{owner: m.id}) // starts three uploads; their commands are not run
	m.photos[0].meter.report(40, 100)
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(tickMsg{owner: m.id})
		_ = m.View()
	}
}
