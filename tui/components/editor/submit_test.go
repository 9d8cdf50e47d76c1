package editor

import (
	"encoding/json"
	"image/color"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// TestRefusalLandsOnFieldAndSurvives sends a TV with a 500-inch screen: the app
// cannot know the bounds (the service keeps them), the service refuses with 422,
// the message lands on that field, and the draft keeps it across a resume.
func TestRefusalLandsOnFieldAndSurvives(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openDetails(303)
	f.press("tab")
	f.typeText("9000")
	f.press("tab", "tab", "tab", "down", "tab", "tab") // device type: the first; brand empty
	f.typeText("500")
	f.press("ctrl+s")
	f.press("enter")
	f.waitFor("the refusal", func() bool { return f.m.d.Refusal != nil })
	if f.m.step != stepDetails {
		t.Fatalf("after the refusal: step %d", f.m.step)
	}
	focused := f.m.forms[stepDetails].form.GetFocusedField()
	if focused == nil || focused.GetKey() != "attributes.screen_diagonal" {
		t.Fatalf("focus on %v", focused)
	}
	f.contains("✖ Screen size must be an integer from 14 to 120", "Details ✖1")
	// The banner is a message of its own, which may come after the refusal's state.
	f.waitFor("the banner", func() bool { _, ok := lastOut[msgs.Error](f); return ok })
	if e, ok := lastOut[msgs.Error](f); !ok || !api.IsCode(e.Err, api.CodeAttributeInvalid) {
		t.Errorf("banner: %+v", e)
	}
	// The refusal's save is a command of its own: let it reach the saver first.
	f.settle(nil)
	if err := f.saver.Flush(); err != nil {
		t.Fatal(err)
	}

	// A new editor, as after a restart, resumes the refused draft on that field.
	stored, err := f.store.Load(f.m.d.ID)
	if err != nil || stored.Refusal == nil || stored.Price != "9000" {
		t.Fatalf("stored draft: %+v %v", stored, err)
	}
	g := newFixture(t, sandbox.KeyPersonal)
	var cmd tea.Cmd
	g.m, cmd = g.m.Open(stored)
	g.settle(cmd)
	g.waitFor("the attributes", func() bool { return g.m.attrOf == 303 })
	if g.m.step != stepDetails {
		t.Fatalf("resumed on step %d", g.m.step)
	}
	g.contains("✖ Screen size must be an integer from 14 to 120")

	// Changing the value clears the service's message.
	g.m, cmd = g.m.Update(tuitest.Key("x"))
	g.settle(cmd)
	if m := g.m.d.Refusal.Fields["attributes.screen_diagonal"]; m != "" {
		t.Errorf("the refusal outlived the edit: %q", m)
	}
}

// TestEditSendsOnlyWhatChanged edits an active seeded listing: the review shows the
// one change and the moderation warning, and the PATCH carries only the title.
func TestEditSendsOnlyWhatChanged(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	page, err := f.client.ListListings(t.Context(), api.ListParams{Status: api.StatusActive, Limit: 1, Lang: "en"})
	if err != nil || len(page.Listings) == 0 {
		t.Fatal(err)
	}
	id := page.Listings[0].ID
	var cmd tea.Cmd
	f.m, cmd = f.m.OpenEdit(id, nil)
	f.start(cmd)
	f.waitFor("the listing", func() bool { return f.m.d != nil && (f.m.d.CategoryID == 0 || f.m.attrOf != 0) })
	f.settle(nil)
	old := f.m.d.Title
	f.contains("Edit listing", "● active")
	f.typeText(" (new)")
	f.press("ctrl+s")
	f.contains("PATCH /api/v1/my/listings/", "Changes", "Title: "+old+" → "+old+" (new)",
		"back to moderation", "business hours")
	if strings.Contains(f.screen(), "Price:") {
		t.Errorf("the review lists an unchanged price:\n%s", f.screen())
	}
	f.press("enter")
	f.waitFor("the answer", func() bool { _, ok := lastOut[msgs.ListingSaved](f); return ok })
	saved, _ := lastOut[msgs.ListingSaved](f)
	if saved.ID != id || saved.Created || saved.Status != api.StatusPending {
		t.Errorf("saved %+v", saved)
	}
	var sent map[string]any
	if err := json.Unmarshal([]byte(f.body("PATCH", "/api/v1/my/listings/"+itoa(id))), &sent); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 || sent["title"] != old+" (new)" {
		t.Errorf("the PATCH sent %v", sent)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestNothingChangedIsNotSent: an edit with no change costs no request.
func TestNothingChangedIsNotSent(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openSeededEdit()
	before := f.total.Load()
	f.press("ctrl+s", "enter")
	f.contains("nothing changed")
	if f.total.Load() != before {
		t.Errorf("an empty edit spent %d request(s)", f.total.Load()-before)
	}
}

// TestLeaveKeepsTheDraft: esc leaves; a draft with something in it is kept and
// said so, an untouched new one is not written at all.
func TestLeaveKeepsTheDraft(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openNew()
	f.press("esc")
	if _, ok := lastOut[msgs.Back](f); !ok {
		t.Fatal("esc did not leave")
	}
	if _, ok := lastOut[msgs.Notice](f); ok {
		t.Error("an empty draft was announced as kept")
	}
	_ = f.saver.Flush()
	if l, _ := f.store.List(""); len(l) != 0 {
		t.Errorf("an empty draft was stored: %v", l)
	}

	f.out = nil
	f.openNew()
	f.typeText("Зимові шини")
	f.press("esc")
	n, ok := lastOut[msgs.Notice](f)
	if !ok || !strings.Contains(n.Text, "draft kept") {
		t.Errorf("notice %+v", n)
	}
	if _, ok := lastOut[msgs.DraftsChanged](f); !ok {
		t.Error("the first save was not announced")
	}
	_ = f.saver.Flush()
	l, _ := f.store.List(f.base)
	if len(l) != 1 || l[0].Draft.Title != "Зимові шини" {
		t.Errorf("stored %+v", l)
	}
}

// TestUploadedMediaAreNotUploadedAgain resumes a draft whose first photo is online
// and whose second is only on disk: only the second is uploaded.
func TestUploadedMediaAreNotUploadedAgain(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	dir := t.TempDir()
	first := writeJPEG(t, dir, "a.jpg", rgba(100))
	up, err := f.client.UploadPhoto(t.Context(), first, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := draft.New(f.base, "", "en", now)
	d.Title = "Resumed after a crash"
	d.Photos = []draft.Photo{
		{Path: first, URL: up.URL, URLWM: up.URLWM},
		{Path: writeJPEG(t, dir, "b.jpg", rgba(10))},
	}
	before := f.count("POST", "/api/v1/upload/photo")
	var cmd tea.Cmd
	f.m, cmd = f.m.Open(d)
	f.settle(cmd)
	f.press("alt+6")
	f.waitFor("the upload", func() bool { return f.m.d.PendingUploads() == 0 && !f.m.media.Busy() })
	if n := f.count("POST", "/api/v1/upload/photo") - before; n != 1 {
		t.Errorf("%d upload(s) on resume, want 1", n)
	}
	if f.m.d.Photos[0].URL != up.URL || f.m.d.Photos[1].URL == "" {
		t.Errorf("photos %+v", f.m.d.Photos)
	}
}

func rgba(r uint8) color.RGBA { return color.RGBA{R: r, A: 255} }

// TestTheReviewOfAnUnchangedEditSaysSo: the review of an edit that changes nothing
// says so, costs 0 requests and offers no send (it showed "Request body {}", "costs 1
// request" and "ready: enter sends it"); a change makes it a request again.
func TestTheReviewOfAnUnchangedEditSaysSo(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal)
	f.openSeededEdit()
	f.press("ctrl+s")
	f.contains("Edit of listing 10053: nothing changed", "nothing is sent, and this costs 0 requests",
		"nothing changed: nothing to send")
	screen := f.screen()
	for _, stale := range []string{"Request body", "costs 1 request", "enter or ctrl+s sends", "ready:", "PATCH", "back to moderation"} {
		if strings.Contains(screen, stale) {
			t.Errorf("the review of an unchanged edit says %q:\n%s", stale, screen)
		}
	}
	for _, b := range f.m.KeyMap().ShortHelp() {
		if h := b.Help().Desc; b.Enabled() && strings.Contains(h, "send") {
			t.Errorf("the footer offers %q %q", b.Help().Key, h)
		}
	}
	if c := f.m.d.Cost(f.m.attrs); c != 0 {
		t.Errorf("an unchanged edit costs %d", c)
	}

	f.press("alt+1")
	f.typeText(" (new)")
	f.press("ctrl+s")
	f.contains("PATCH /api/v1/my/listings/10053", "This costs 1 request(s)", "Request body", "ready: enter or ctrl+s sends it")
	if c := f.m.d.Cost(f.m.attrs); c != 1 {
		t.Errorf("an edit of the title costs %d", c)
	}
}
