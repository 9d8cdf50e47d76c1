package sandbox

import (
	"encoding/json"
	"fmt"
	"maps"
	"time"
)

// seedEntry is one seeded listing: its text in the three languages and its facts.
type seedEntry struct {
	cat    int
	price  float64
	cur    string
	cond   string
	ptype  string // "" is sell
	status string // "" is active
	hold   bool   // a pending listing held for manual review for hours
	uk     [2]string
	ru     [2]string
	en     [2]string
}

// heldReview keeps one seeded listing pending for hours, so the moderation view of an
// app is never empty in a session.
const heldReview = 6 * time.Hour

// seedOrder interleaves the two sellers in one id space: a business listing after every
// third personal one, so ids of "another owner" sit between one's own.
func seedOrder() (owners []int, entries []seedEntry) {
	b := 0
	for i, e := range personalSeed {
		owners, entries = append(owners, userPersonal), append(entries, e)
		if (i+1)%3 == 0 && b < len(businessSeed) {
			owners, entries = append(owners, userBusiness), append(entries, businessSeed[b])
			b++
		}
	}
	for ; b < len(businessSeed); b++ {
		owners, entries = append(owners, userBusiness), append(entries, businessSeed[b])
	}
	return owners, entries
}

// seed builds the deterministic starting state at now: the same clock gives the same
// listings.
func (s *Server) seed(now time.Time) (*store, error) {
	now = now.Truncate(time.Second)
	st := newStore()
	refs := s.cat.CityRefs()
	if len(refs) == 0 {
		return nil, fmt.Errorf("the catalog has no cities")
	}
	cityPool := min(len(refs), 40) // mostly the big cities, listed first in the seed
	owners, entries := seedOrder()
	n := len(entries)
	// Each seller's seeded pending listings are decided newest first, one after
	// another (see seedState): left counts those still to come per owner.
	photo, left := 0, map[int]int{}
	for i, e := range entries {
		if e.status == statusPending && !e.hold {
			left[owners[i]]++
		}
	}
	for i, e := range entries {
		node, ok := s.cat.Category(e.cat)
		if !ok || !node.Leaf {
			return nil, fmt.Errorf("seed listing %d: category %d is not a leaf", i, e.cat)
		}
		created := now.Add(-time.Duration(n-i)*46*time.Hour - time.Duration(i*37%11)*time.Hour -
			time.Duration(i*13%60)*time.Minute)
		l := &listing{
			ID: firstListingID + i, Owner: owners[i], Slug: slugify(e.uk[0]),
			Title: e.uk[0], Titles: map[string]string{"uk": e.uk[0], "ru": e.ru[0], "en": e.en[0]},
			Description:  e.uk[1],
			Descriptions: map[string]string{"uk": e.uk[1], "ru": e.ru[1], "en": e.en[1]},
			Price:        e.price, PriceType: "sell", Currency: e.cur, Condition: e.cond,
			CategoryID: e.cat, CityRef: refs[(i*7)%cityPool], Status: statusActive,
			Views:       15 + (i*7919)%2300,
			ContactName: profileName, ContactPhone: profilePhone, HidePhone: i%9 == 4,
			CreatedAt: created, UpdatedAt: created.Add(time.Duration(i%3) * 24 * time.Hour),
			Photos: []string{}, PhotosWM: []string{}, Photos3D: []string{},
			Attributes: map[string]json.RawMessage{},
		}
		if l.UpdatedAt.After(now) {
			l.UpdatedAt = created
		}
		if e.ptype != "" {
			l.PriceType, l.Price = e.ptype, 0
		}
		if e.status != "" {
			l.Status = e.status
		}
		attrs := s.cat.SampleAttributes(e.cat, i)
		maps.Copy(attrs, seedAttrs()[e.en[0]])
		for code, v := range attrs {
			raw, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("seed listing %d: attribute %s: %w", i, code, err)
			}
			l.Attributes[code] = raw
		}
		if errs := s.cat.ValidateAttributes(e.cat, l.Attributes); len(errs) > 0 {
			return nil, fmt.Errorf("seed listing %d: %s", i, errs[0].Hint)
		}
		for range i % 5 {
			photo++
			name, wm := s.media.SeedPhoto(photo)
			l.Photos = append(l.Photos, "/media/"+name)
			l.PhotosWM = append(l.PhotosWM, "/media/"+wm)
		}
		if l.Status == statusPending && !e.hold {
			left[l.Owner]--
		}
		s.seedState(l, e, i, left[l.Owner], now)
		st.add(l)
	}
	return st, nil
}

// seedState fills the moderation and promotion facts of a seeded listing.
// later is how many of its seller's seeded pending listings are newer than l.
func (s *Server) seedState(l *listing, e seedEntry, i, later int, now time.Time) {
	day := 24 * time.Hour
	switch l.Status {
	case statusPending:
		l.Views = 0
		submitted := now.Add(-time.Duration(i%5+1) * time.Minute)
		// Staggered, newest first: one decision a delay after start, the next three
		// delays after start, and so on, so that a first session can watch them come.
		review := now.Add(s.delay * time.Duration(1+2*later))
		if e.hold {
			review = now.Add(heldReview)
		}
		l.SubmittedAt, l.ReviewAt, l.UpdatedAt = &submitted, &review, submitted
	case statusBlocked:
		l.Views = i % 20
		reviewed := l.CreatedAt.Add(3 * time.Hour)
		l.SubmittedAt, l.ReviewedAt = &l.CreatedAt, &reviewed
		l.BlockReason = "the listing contains the prohibited word “" +
			prohibitedWord(e.uk[0], e.uk[1], e.en[0], e.en[1]) + "”; remove it and edit the listing to resubmit it"
	case statusActive:
		if i%6 == 1 {
			t := now.Add(time.Duration(2+i%5) * day)
			l.VIPUntil = &t
		}
		if i%8 == 3 {
			t := now.Add(time.Duration(1+i%4) * day)
			l.TopUntil = &t
		}
		if i%13 == 5 && l.VIPUntil == nil {
			t := now.Add(-3 * day) // an expired promotion: vip false, vip_until in the past
			l.VIPUntil = &t
		}
	}
}
