package api_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
)

// sandboxClient starts the sandbox on a loopback server; the sandbox and the client
// share one fake clock, so budget waits and moderation delays take no real time.
func sandboxClient(t *testing.T, key string, opts ...api.Option) (*api.Client, *clock) {
	t.Helper()
	clk := newClock()
	srv, err := sandbox.New(sandbox.Options{Now: clk.Now, ModerationDelay: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		hs.Close()
		_ = srv.Close()
	})
	all := append([]api.Option{api.WithClock(clk.Now), api.WithSleep(clk.Sleep)}, opts...)
	c, err := api.New(hs.URL, api.StaticKey(key), all...)
	if err != nil {
		t.Fatal(err)
	}
	return c, clk
}

func TestSandboxReads(t *testing.T) {
	c, _ := sandboxClient(t, sandbox.KeyPersonal)
	ctx := context.Background()
	k, err := c.Ping(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if k.Message != "pong" || k.UserID != 1001 || k.KeyPrefix != "sk_test_08f0" || k.RateLimitPerMinute != 60 ||
		k.DailyLimit != 5000 || k.ServerTime.Location() != api.Kyiv || !k.HasScope(api.ScopeWrite) {
		t.Errorf("ping %+v", k)
	}
	if b := c.Budget(); !b.Known || b.UsedToday != 1 || b.UsedMinute != 1 {
		t.Errorf("budget after ping %+v", b)
	}

	var pages, total int
	var pending, active int
	last := 1 << 30
	for page, err := range c.AllListings(ctx, api.ListParams{Status: api.StatusAll, Limit: 20, Lang: "en"}) {
		if err != nil {
			t.Fatal(err)
		}
		pages++
		total += len(page.Listings)
		if page.Count != len(page.Listings) || page.Lang != "en" {
			t.Errorf("page count %d of %d, lang %q", page.Count, len(page.Listings), page.Lang)
		}
		for _, l := range page.Listings {
			if l.ID >= last || l.CreatedAt.IsZero() || l.Price.IsZero() || l.URL == "" {
				t.Errorf("listing %+v", l)
			}
			last = l.ID
			switch l.Status {
			case api.StatusPending:
				pending = l.ID
			case api.StatusActive:
				active = l.ID
			}
		}
	}
	if pages != 3 || total <= 40 || pending == 0 || active == 0 {
		t.Fatalf("%d pages, %d listings", pages, total)
	}

	// Stopping early spends no further request.
	before := c.Budget().UsedToday
	for range c.AllListings(ctx, api.ListParams{Status: api.StatusAll, Limit: 5}) {
		break
	}
	if used := c.Budget().UsedToday - before; used != 1 {
		t.Errorf("breaking after one page used %d requests", used)
	}

	slim, err := c.ListListings(ctx, api.ListParams{Fields: []string{"id", "title"}, Limit: 3})
	if err != nil || len(slim.Listings) != 3 || slim.Listings[0].Title == "" || !slim.Listings[0].Price.IsZero() {
		t.Errorf("fields filter: %+v %v", slim, err)
	}

	d, err := c.GetListing(ctx, pending, "en")
	if err != nil || d.Moderation == nil || d.Moderation.Decision != "pending" || d.Listing.ID != pending {
		t.Errorf("pending detail %+v %v", d, err)
	}
	d, err = c.GetListing(ctx, active, "uk")
	if err != nil || d.Moderation != nil || d.Listing.Description == "" || d.Listing.CategoryID == 0 ||
		d.Listing.CityRef == "" || d.Listing.ContactName == "" {
		t.Errorf("active detail %+v %v", d, err)
	}
	_, err = c.GetListing(ctx, 999999, "")
	if !api.IsNotFound(err) || !api.IsCode(err, api.CodeListingNotFound) {
		t.Errorf("unknown listing: %v", err)
	}

	cats, err := c.Categories(ctx, "en")
	if err != nil || len(cats) == 0 || cats[0].Name == "" || len(cats[0].Children) == 0 {
		t.Errorf("categories %v %v", len(cats), err)
	}
	attrs, err := c.Attributes(ctx, 10402, "en")
	if err != nil || len(attrs) == 0 || attrs[0].Code != "car_brand" || attrs[0].Type != api.AttrSelect ||
		!attrs[0].Required || len(attrs[0].Options) == 0 {
		t.Errorf("attributes %+v %v", attrs, err)
	}
	_, err = c.Attributes(ctx, 999, "")
	if !api.IsCode(err, api.CodeCategoryNotFound) {
		t.Errorf("unknown category: %v", err)
	}
	cities, err := c.SearchCities(ctx, "Ки", "uk", 3)
	if err != nil || len(cities) != 3 || cities[0].Ref == "" || cities[0].Label == "" {
		t.Errorf("cities %+v %v", cities, err)
	}
	s, err := c.SuggestCategory(ctx, "Mountain bicycle 29 inch", "A light aluminium mountain bicycle, barely used.", "en")
	if err != nil || s.CategoryID == 0 || !strings.Contains(s.CategoryPath, " > ") {
		t.Errorf("suggestion %+v %v", s, err)
	}
	_, err = c.SuggestCategory(ctx, "zzqx", "qqqq wwww zzzz xxxx", "en")
	if !api.IsCode(err, api.CodeNoCategoryMatch) || !api.IsValidation(err) {
		t.Errorf("no match: %v", err)
	}
}

func TestSandboxWrites(t *testing.T) {
	c, clk := sandboxClient(t, sandbox.KeyPersonal)
	ctx := context.Background()
	cities, err := c.SearchCities(ctx, "Київ", "uk", 1)
	if err != nil || len(cities) == 0 {
		t.Fatal(cities, err)
	}
	photo, err := c.UploadPhoto(ctx, writeFile(t, "p.png", pngBytes(t, 64, 48, false)), nil)
	if err != nil || photo.URL == "" || photo.URLWM == "" || photo.Width != 64 {
		t.Fatalf("photo %+v %v", photo, err)
	}
	video, err := c.UploadVideo(ctx, "testdata/clip5s.mp4", nil)
	if err != nil || video.URL == "" || video.Thumbnail == "" {
		t.Fatalf("video %+v %v", video, err)
	}
	price, _ := api.ParsePrice("349.99")
	book := &api.ListingCreate{
		Title: "Kobzar, 1964 edition", Description: "A well kept 1964 edition of Kobzar with illustrations.",
		Price: price, Currency: "UAH", CategoryID: 1004, Condition: "used", CityRef: cities[0].Ref,
		Photos: []string{photo.URL}, PhotosWM: []string{photo.URLWM}, VideoURL: video.URL, VideoThumbnail: video.Thumbnail,
		Attributes: map[string]any{"year": 1964},
	}
	created, err := c.CreateListing(ctx, book)
	if err != nil || created.Status != api.StatusActive || created.ListingID == 0 || created.URL == "" {
		t.Fatalf("create %+v %v", created, err)
	}
	_, err = c.CreateListing(ctx, book)
	if e, ok := api.AsError(err); !ok || e.Code != api.CodeDuplicate || e.ExistingListingID != created.ListingID || e.Status != 422 {
		t.Errorf("duplicate: %v", err)
	}
	d, err := c.GetListing(ctx, created.ListingID, "en")
	if err != nil || d.Listing.Price.String() != "349.99" || d.Listing.VideoURL == nil || len(d.Listing.PhotosWM) != 1 ||
		string(d.Listing.Attributes["year"]) != "1964" {
		t.Errorf("detail %+v %v", d, err)
	}

	st, err := c.SetStatus(ctx, created.ListingID, api.StatusInactive)
	if err != nil || !st.Confirmed || st.Status != api.StatusInactive || st.PreviousStatus != api.StatusActive {
		t.Errorf("deactivate %+v %v", st, err)
	}
	if st, err = c.SetStatus(ctx, created.ListingID, api.StatusActive); err != nil || st.Status != api.StatusActive {
		t.Errorf("activate %+v %v", st, err)
	}

	ed, err := c.EditListing(ctx, created.ListingID, &api.ListingEdit{Title: api.Set("Kobzar, 1964 edition, signed"),
		ContactName: api.Set("Olena")})
	if err != nil || ed.Status != api.StatusPending {
		t.Errorf("edit %+v %v", ed, err)
	}
	_, err = c.SetStatus(ctx, created.ListingID, api.StatusInactive)
	if !api.IsCode(err, api.CodeStatusChangeForbidden) {
		t.Errorf("status of a pending listing: %v", err)
	}
	_, err = c.EditListing(ctx, created.ListingID, &api.ListingEdit{Title: api.Set("abc")})
	if e, ok := api.AsError(err); !ok || e.Code != api.CodeTooShort || e.Field != "title" {
		t.Errorf("short title: %v", err)
	}

	// A category without auto-approval waits for moderation.
	part := &api.ListingCreate{Title: "Toyota Corolla headlight", Description: "Left headlight for a Toyota Corolla E150, works.",
		Price: api.PriceInt(1500), CategoryID: 10402, CityRef: cities[0].Ref, Attributes: map[string]any{"car_brand": "toyota"}}
	created, err = c.CreateListing(ctx, part)
	if err != nil || created.Status != api.StatusPending {
		t.Fatalf("create pending %+v %v", created, err)
	}
	_ = clk.Sleep(ctx, 21*time.Second)
	d, err = c.GetListing(ctx, created.ListingID, "en")
	if err != nil || d.Listing.Status != api.StatusActive || d.Moderation != nil {
		t.Errorf("after moderation %+v %v", d, err)
	}
}

func TestSandboxAuthErrors(t *testing.T) {
	tests := []struct {
		key, code string
		status    int
		auth      bool
	}{
		{sandbox.KeySuspended, api.CodeKeySuspended, 403, true},
		{sandbox.KeyRevoked, api.CodeKeyRevoked, 403, true},
		{sandbox.KeyNoWhitelist, api.CodeWhitelistIncomplete, 403, true},
		{sandbox.KeyForeignIP, api.CodeIPNotWhitelisted, 403, true},
		{"sk_test_" + strings.Repeat("ab", 24), api.CodeInvalidKey, 401, true},
		{sandbox.KeyReadonly, api.CodeScopeRequired, 403, false},
	}
	var trace bytes.Buffer
	for _, tt := range tests {
		c, _ := sandboxClient(t, tt.key, api.WithTrace(&trace))
		_, err := c.CreateListing(context.Background(), &api.ListingCreate{Title: "Some title"})
		e, ok := api.AsError(err)
		if !ok || e.Code != tt.code || e.Status != tt.status || api.IsAuth(err) != tt.auth || e.Hint == "" {
			t.Errorf("%s: %v", tt.code, err)
			continue
		}
		if strings.Contains(err.Error(), tt.key) {
			t.Errorf("%s: the key is in the error %q", tt.code, err)
		}
		switch tt.code {
		case api.CodeIPNotWhitelisted:
			if e.YourIP != "127.0.0.1" {
				t.Errorf("your_ip %q", e.YourIP)
			}
		case api.CodeScopeRequired:
			if e.Scope != api.ScopeWrite || !api.IsScope(err) {
				t.Errorf("scope %q", e.Scope)
			}
		}
		if strings.Contains(trace.String(), tt.key) {
			t.Errorf("%s: the key is in the trace", tt.code)
		}
	}
	if lines := strings.Count(trace.String(), "\n"); lines != len(tests) {
		t.Errorf("%d trace lines for %d requests:\n%s", lines, len(tests), trace.String())
	}
}

func TestSandboxBudget(t *testing.T) {
	c, clk := sandboxClient(t, sandbox.KeyPersonal)
	ctx := context.Background()
	start := clk.Now()
	for i := range 130 {
		if _, err := c.Categories(ctx, "en"); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if waited := clk.Now().Sub(start); waited < 2*time.Minute {
		t.Errorf("130 requests at 60/min took %v", waited)
	}
	// Told a limit the key does not have, the client meets the service's 429, waits
	// out its Retry-After and retries the GET.
	c, clk = sandboxClient(t, sandbox.KeyPersonal, api.WithLimits(1000, 5000))
	for i := range 70 {
		if _, err := c.Categories(ctx, "en"); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if len(clk.Slept()) == 0 {
		t.Error("no wait after the service's 429")
	}
}
