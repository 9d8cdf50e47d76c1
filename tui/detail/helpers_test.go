package detail

import (
	"context"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestMain(m *testing.M) {
	lipgloss.SetHasDarkBackground(true)
	tuitest.Main(m)
}

// fakeService answers from maps and counts the attribute calls.
type fakeService struct {
	mu        sync.Mutex
	listings  map[int]*api.ListingDetail
	errs      map[int]error
	attrs     map[int][]api.Attribute
	attrCalls []attrKey
	getCalls  []attrKey // id and lang
}

func (f *fakeService) GetListing(_ context.Context, id int, lang string) (*api.ListingDetail, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.getCalls = append(f.getCalls, attrKey{id, lang})
	if err := f.errs[id]; err != nil {
		return nil, err
	}
	d, ok := f.listings[id]
	if !ok {
		return nil, &api.Error{Status: 404, Code: api.CodeListingNotFound, Hint: "listing not found"}
	}
	c := *d
	c.Lang = lang
	return &c, nil
}

func (f *fakeService) Attributes(_ context.Context, cat int, lang string) ([]api.Attribute, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.attrCalls = append(f.attrCalls, attrKey{cat, lang})
	a, ok := f.attrs[cat]
	if !ok {
		return nil, &api.Error{Status: 404, Code: api.CodeCategoryNotFound}
	}
	return a, nil
}

// fakeImages returns a generated gradient, or err; it counts its calls.
type fakeImages struct {
	mu    sync.Mutex
	calls []string
	err   error
}

func (f *fakeImages) fetch(_ context.Context, url string) (image.Image, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, url)
	if f.err != nil {
		return nil, f.err
	}
	return gradient(160, 120), nil
}

func gradient(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetRGBA(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 128, 255})
		}
	}
	return img
}

func kyiv(y int, mo time.Month, d, h, mi int) api.Time {
	return api.Time{Time: time.Date(y, mo, d, h, mi, 0, 0, api.Kyiv)}
}

func ptr[T any](v T) *T { return &v }

func phoneAttrs() []api.Attribute {
	return []api.Attribute{
		{Code: "brand", Name: "Brand", Type: api.AttrSelect, Required: true, Options: []api.AttributeOption{
			{Value: "apple", Label: "Apple"}, {Value: "samsung", Label: "Samsung"}}},
		{Code: "memory", Name: "Memory, GB", Type: api.AttrSelect, Options: []api.AttributeOption{
			{Value: "128", Label: "128 GB"}, {Value: "256", Label: "256 GB"}}},
		{Code: "warranty", Name: "Warranty", Type: api.AttrBoolean},
		{Code: "dual_sim", Name: "Dual SIM", Type: api.AttrBoolean},
		{Code: "battery_health", Name: "Battery health, %", Type: api.AttrNumber},
		{Code: "price_range", Name: "Acceptable offers", Type: api.AttrRange},
		{Code: "min_only", Name: "Minimum", Type: api.AttrRange},
		{Code: "max_only", Name: "Maximum", Type: api.AttrRange},
		{Code: "color_name", Name: "Colour", Type: api.AttrText},
	}
}

func rawAttrs(kv map[string]string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range kv {
		out[k] = json.RawMessage(v)
	}
	return out
}

func activeListing() *api.ListingDetail {
	created, updated, vip := kyiv(2025, 3, 1, 10, 30), kyiv(2025, 3, 2, 9, 0), kyiv(2025, 3, 20, 12, 0)
	price, _ := api.ParsePrice("24999.50")
	return &api.ListingDetail{Lang: "en", Listing: api.ListingFull{
		Listing: api.Listing{
			ID: 10042, Slug: "iphone-13-128-gb-blue", Title: "iPhone 13 128 GB, blue",
			Price: price, Currency: "UAH", Condition: ptr("used"), City: ptr("Kyiv"),
			Status: api.StatusActive, Views: 1234, VIP: true, VIPUntil: &vip,
			Photo:  ptr("https://media.example/seed/1.webp"),
			Photos: []string{"https://media.example/seed/1.webp", "https://media.example/seed/2.webp"},
			URL:    "https://example.test/l/10042-iphone-13-128-gb-blue", CreatedAt: created,
		},
		Description:  "Phone in good shape.\nBattery 89%, box and cable included.",
		CityRef:      "8d5a980d-391c-11dd-90d9-001a92567626",
		CategoryID:   30101,
		CategoryPath: "Electronics > Phones > Smartphones",
		PriceType:    api.PriceSell,
		Attributes: rawAttrs(map[string]string{
			"brand": `"apple"`, "memory": `"128"`, "warranty": `true`, "dual_sim": `false`,
			"battery_health": `89`, "price_range": `{"from": 20000, "to": 25000}`,
			"min_only": `{"from": 5, "to": null}`, "max_only": `{"to": 9}`,
			"color_name": `"Blue"`, "legacy_code": `"old value"`,
		}),
		ContactName: "Sandbox Seller", ContactPhone: "+380501234567", HidePhone: true,
		PhotosWM:       []string{"https://media.example/seed/1_wm.webp", "https://media.example/seed/2_wm.webp"},
		Photos3D:       []string{"https://media.example/3d/1.webp", "https://media.example/3d/2.webp", "https://media.example/3d/3.webp"},
		VideoURL:       ptr("https://media.example/video/1.mp4"),
		VideoThumbnail: ptr("https://media.example/video/1.png"),
		Delivery:       json.RawMessage(`{ "nova_poshta": true,  "pickup": false }`),
		UpdatedAt:      &updated,
	}}
}

func blockedListing() *api.ListingDetail {
	d := activeListing()
	d.Listing.ID, d.Listing.Title, d.Listing.Status = 10043, "iPhone 15 Pro Max 256 GB, 1:1 replica", api.StatusBlocked
	d.Listing.Slug = "iphone-15-pro-max-256-gb-1-1-replica"
	d.Listing.VIP, d.Listing.VIPUntil, d.Listing.Views = false, nil, 7
	d.Listing.Photo, d.Listing.Photos, d.Listing.PhotosWM = nil, nil, nil
	d.Listing.Attributes = rawAttrs(map[string]string{"brand": `"apple"`, "memory": `"256"`})
	d.Listing.Delivery = nil
	reviewed := kyiv(2025, 3, 1, 13, 30)
	d.Moderation = &api.Moderation{Decision: "blocked", ReviewedAt: &reviewed,
		Reason: ptr("the listing contains the prohibited word “replica”; remove it and edit the listing to resubmit it")}
	return d
}

func pendingListing() *api.ListingDetail {
	d := blockedListing()
	d.Listing.ID, d.Listing.Status = 10044, api.StatusPending
	d.Moderation = &api.Moderation{Decision: "pending"}
	return d
}

func newFake() *fakeService {
	return &fakeService{
		listings: map[int]*api.ListingDetail{10042: activeListing(), 10043: blockedListing(), 10044: pendingListing()},
		errs:     map[int]error{},
		attrs:    map[int][]api.Attribute{30101: phoneAttrs()},
	}
}

// newModel returns a sized model over fakes.
func newModel(w, h int) (Model, *fakeService, *fakeImages) {
	svc, imgs := newFake(), &fakeImages{}
	m := New(svc, imgs.fetch, "en")
	m.SetSize(w, h)
	return m, svc, imgs
}

// loop runs the view's commands as the root would: its listing, attribute and
// image answers go back to it; what is meant for the root is returned.
var loop = tuitest.Loop[Model]{Own: func(msg tea.Msg) bool {
	switch msg.(type) {
	case listingMsg, attrsMsg, imageMsg:
		return true
	}
	return false
}}

// open opens id and delivers every answer.
func open(m Model, id int) (Model, []tea.Msg) {
	m, cmd := m.Open(id, "loading title")
	return loop.Drain(m, cmd)
}

var errBoom = errors.New("boom")
