package mediapick

import (
	"context"
	"sync/atomic"

	"github.com/listings-tui/listings/tui/draft"
)

// section is one of the step's three lists.
type section int

const (
	secPhotos section = iota
	secVideo
	secFrames
)

// state is where a file's upload stands.
type state int

const (
	queued    state = iota // waiting for one of the upload slots
	uploading              // a request is in flight
	done                   // its URLs are known
	failed                 // the last attempt failed; r queues it again
)

// gens numbers items and upload attempts across every instance of the component, so
// that an answer can only ever match the attempt that asked for it.
var gens atomic.Int64

func nextGen() int64 { return gens.Add(1) }

// meter is one upload's progress. The transport's goroutine writes it and the model
// reads it on its tick; the pointer is shared by every copy of the model.
type meter struct{ sent, total atomic.Int64 }

func (mt *meter) report(sent, total int64) {
	mt.total.Store(total)
	mt.sent.Store(sent)
}

func (mt *meter) fraction() float64 {
	t, s := mt.total.Load(), mt.sent.Load()
	if t <= 0 {
		return 0
	}
	return min(max(float64(s)/float64(t), 0), 1)
}

// item is one photo, 3D frame or the video, with its upload. Photos carry url and
// url_wm together, so moving an item keeps the pair in step.
type item struct {
	gen    int64 // the current attempt; an answer with another gen is stale
	photo  draft.Photo
	video  draft.Video // the video only
	state  state
	err    string // why the last attempt failed, cleaned
	meter  *meter
	cancel context.CancelFunc
	pct    float64 // the meter as read at the last tick
}

func photoItem(p draft.Photo) item {
	it := item{gen: nextGen(), photo: p}
	if p.Uploaded() {
		it.state = done
	}
	return it
}

func videoItem(v draft.Video) *item {
	it := &item{gen: nextGen(), video: v}
	if v.Uploaded() {
		it.state = done
	}
	return it
}

func (it *item) path(sec section) string {
	if sec == secVideo {
		return it.video.Path
	}
	return it.photo.Path
}

// stop cancels the attempt in flight, if any.
func (it *item) stop() {
	if it.cancel != nil {
		it.cancel()
		it.cancel = nil
	}
}

// photosOf turns items back into draft data.
func photosOf(items []item) []draft.Photo {
	if len(items) == 0 {
		return nil
	}
	out := make([]draft.Photo, len(items))
	for i, it := range items {
		out[i] = it.photo
	}
	return out
}

func itemsOf(photos []draft.Photo) []item {
	var out []item
	for _, p := range photos {
		if p.Path == "" && !p.Uploaded() {
			continue // nothing to show nor to send
		}
		out = append(out, photoItem(p))
	}
	return out
}
