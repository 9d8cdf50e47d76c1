package detail

import (
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// TestSandbox opens the business seller's blocked listing through the real client and
// the in-process server, and previews a seeded WebP photo.
func TestSandbox(t *testing.T) {
	now := time.Date(2025, 3, 10, 12, 0, 0, 0, api.Kyiv)
	svc := apitest.Serve(t, sandbox.Options{Now: apitest.Fixed(now)})
	ts := svc.Server
	c := svc.Client(t, sandbox.KeyBusiness)
	page, err := c.ListListings(t.Context(), api.ListParams{Status: api.StatusAll, Limit: 100, Lang: "en"})
	if err != nil {
		t.Fatal(err)
	}
	var blocked, withPhoto *api.Listing
	for i, l := range page.Listings {
		if l.Status == api.StatusBlocked && blocked == nil {
			blocked = &page.Listings[i]
		}
		if len(l.Photos) > 0 && withPhoto == nil {
			withPhoto = &page.Listings[i]
		}
	}
	if blocked == nil || withPhoto == nil {
		t.Fatalf("seed lacks a blocked listing or a photo: %+v", page.Listings)
	}

	m := New(c, HTTPImages(ts.Client()), "en")
	m.SetSize(100, 60)
	m, _ = open(m, blocked.ID)
	tuitest.Contains(t, tuitest.Screen(m), "✖ blocked", "Blocked by moderation", "prohibited word", "replica",
		"edit the listing to resubmit it", "Brand", "Apple")
	if _, mod, ok := m.Current(); !ok || mod == nil || mod.Reason == nil {
		t.Fatalf("moderation %+v", mod)
	}

	// The sandbox renders and encodes a seeded photo on its first GET, which under the
	// race detector on a busy machine can outlast the fetcher's 20 s: fetch it once
	// with no deadline, so the fetcher below reads it from the sandbox's cache.
	if resp, err := ts.Client().Get(withPhoto.Photos[0]); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	img, err := HTTPImages(ts.Client())(t.Context(), withPhoto.Photos[0])
	if err != nil {
		t.Fatalf("seeded photo %s: %v", withPhoto.Photos[0], err)
	}
	if b := img.Bounds(); b.Dx() < 40 || b.Dy() < 24 {
		t.Fatalf("seeded photo is %v", b)
	}

	tuitest.WithProfile(t, termenv.TrueColor)
	m, _ = open(m, withPhoto.ID)
	if !strings.Contains(m.View(), "▀") {
		t.Fatalf("no preview:\n%s", tuitest.Screen(m))
	}
}
