package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// The media of an edit are sent only when the row changes them, since sending a set
// replaces it; and photos go with their watermarked copies, in the same order, or the
// listing would lose them (the service empties photos_wm when photos come alone). The
// copies follow the photos: a photos_wm cell is read only beside a changed photos
// cell, for URLs the listing does not hold; changed alone, it is refused.

// multi splits a cell of several values.
func multi(cell string) []string {
	var out []string
	for part := range strings.SplitSeq(cell, sheet.Multi) {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func urlsOf(ms []Medium) ([]string, bool) {
	var out []string
	for _, m := range ms {
		if m.URL == "" {
			return nil, false
		}
		out = append(out, m.URL)
	}
	return out, true
}

// media compares the photos, the 3D frames and the video.
func (d *differ) media(cells map[string]string) error {
	for _, step := range []func(map[string]string) error{d.photos, d.frames, d.video} {
		if err := step(cells); err != nil {
			return err
		}
	}
	return nil
}

func (d *differ) setMedia(kind string, ms []Medium) {
	if d.b.Media == nil {
		d.b.Media = map[string][]Medium{}
	}
	d.b.Media[kind] = ms
}

func (d *differ) photos(cells map[string]string) error {
	v, ok := cells[KindPhoto]
	wmCell, hasWM := cells["photos_wm"]
	if !ok && !hasWM {
		return nil
	}
	var ms []Medium
	if ok && !isClear(v) {
		var problems []rules.Why
		if ms, problems = d.c.resolveMedia(KindPhoto, v); len(problems) > 0 {
			for _, p := range problems {
				d.b.refuse(KindPhoto, p)
			}
			return nil
		}
	}
	if urls, all := urlsOf(ms); ok && all && slices.Equal(urls, d.l.Photos) || !ok {
		if !hasWM {
			return nil
		}
		l, err := d.full()
		if err != nil {
			return err
		}
		if !slices.Equal(multi(wmCell), l.PhotosWM) && !isClear(wmCell) {
			d.b.refuse("photos_wm", because("photos_wm.alone"))
		}
		return nil
	}
	l, err := d.full()
	if err != nil {
		return err
	}
	if len(ms) == 0 && len(l.Photos) == 0 {
		return nil
	}
	pairs := map[string]string{}
	if len(l.PhotosWM) == len(l.Photos) {
		for i, u := range l.Photos {
			pairs[u] = l.PhotosWM[i]
		}
	}
	if hasWM && !isClear(wmCell) {
		mediaWM(ms, wmCell)
	}
	missing := 0
	for i := range ms {
		if w, ok := pairs[ms[i].URL]; ok && ms[i].URL != "" {
			ms[i].URLWM = w
		}
		if ms[i].URL != "" && ms[i].URLWM == "" {
			missing++
		}
	}
	if missing > 0 {
		d.b.Notes = append(d.b.Notes, fmt.Sprintf("photos_wm is not sent: %d of the photos' URLs has no watermarked copy (give them in photos_wm, in the order of photos), so the listing keeps none", missing))
	}
	d.setMedia(KindPhoto, ms)
	d.change(KindPhoto, format.Count(len(l.Photos), "photo"), format.Count(len(ms), "photo"))
	return nil
}

func (d *differ) frames(cells map[string]string) error {
	v, ok := cells[Kind3D]
	if !ok {
		return nil
	}
	var ms []Medium
	if !isClear(v) {
		var problems []rules.Why
		if ms, problems = d.c.resolveMedia(Kind3D, v); len(problems) > 0 {
			for _, p := range problems {
				d.b.refuse(Kind3D, p)
			}
			return nil
		}
	}
	l, err := d.full()
	if err != nil {
		return err
	}
	if urls, all := urlsOf(ms); all && slices.Equal(urls, l.Photos3D) || len(ms) == 0 && len(l.Photos3D) == 0 {
		return nil
	}
	d.setMedia(Kind3D, ms)
	d.change(Kind3D, format.Count(len(l.Photos3D), "frame"), format.Count(len(ms), "frame"))
	return nil
}

func (d *differ) video(cells map[string]string) error {
	v, ok := cells[KindVideo]
	thumb, hasThumb := cells["video_thumbnail"]
	if !ok && !hasThumb {
		return nil
	}
	l, err := d.full()
	if err != nil {
		return err
	}
	old, oldThumb := deref(l.VideoURL), deref(l.VideoThumbnail)
	switch {
	case !ok || !isClear(v) && strings.TrimSpace(v) == old:
		if hasThumb && strings.TrimSpace(thumb) != oldThumb && !isClear(thumb) {
			d.b.refuse("video_thumbnail", because("thumbnail.alone"))
		}
		return nil
	case isClear(v):
		if old != "" {
			d.setMedia(KindVideo, []Medium{})
			d.change(KindVideo, old, "")
		}
		return nil
	}
	ms, problems := d.c.resolveMedia(KindVideo, v)
	for _, p := range problems {
		d.b.refuse(KindVideo, p)
	}
	if len(problems) > 0 || len(ms) == 0 {
		return nil
	}
	if ms[0].URL != "" && hasThumb && !isClear(thumb) {
		ms[0].Thumb = strings.TrimSpace(thumb)
	}
	d.setMedia(KindVideo, ms)
	d.change(KindVideo, old, strings.TrimSpace(v))
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
