package detail

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestLoadingThenContent(t *testing.T) {
	m, _, _ := newModel(120, 200)
	m, cmd := m.Open(10042, "iPhone from the list")
	tuitest.Contains(t, tuitest.Screen(m), "iPhone from the list", "loading listing 10042…")
	if _, _, ok := m.Current(); ok {
		t.Fatal("Current is ok before the answer")
	}
	m, out := loop.Drain(m, cmd)
	v := tuitest.Screen(m)
	tuitest.Contains(t, v,
		"iPhone 13 128 GB, blue", "● active", "UAH 24,999.50", "sell", "VIP until 2025-03-20 12:00",
		"ID", "10042", "iphone-13-128-gb-blue", "30101 · Electronics > Phones > Smartphones",
		"Kyiv · ref 8d5a980d-391c-11dd-90d9-001a92567626", "used", "1234",
		"Created", "2025-03-01 10:30", "Updated", "2025-03-02 09:00",
		"Description", "Phone in good shape.", "Battery 89%, box and cable included.",
		"Attributes", "Contacts", "Sandbox Seller", "+380501234567 · hidden on the site",
		"Photos and video", "Photos        2", "★ https://media.example/seed/1.webp (main)",
		"  https://media.example/seed/2.webp", "Watermarked   2", "3D frames     3",
		"https://media.example/video/1.mp4", "https://media.example/video/1.png",
		`{"nova_poshta":true,"pickup":false}`,
		"Public page", "https://example.test/l/10042-iphone-13-128-gb-blue")
	tuitest.Lacks(t, v, "Blocked", "Waiting for moderation", "loading")
	l, mod, ok := m.Current()
	if !ok || l.ID != 10042 || mod != nil {
		t.Fatalf("Current = %v %v %v", l, mod, ok)
	}
	if len(out) != 1 {
		t.Fatalf("messages to the root: %#v", out)
	}
	if ch, ok := out[0].(msgs.ListingChanged); !ok || ch.ID != 10042 || ch.Listing == nil || ch.Status != api.StatusActive {
		t.Fatalf("want ListingChanged for the load, got %#v", out[0])
	}
}

func TestAttributeLabels(t *testing.T) {
	m, _, _ := newModel(120, 200)
	m, _ = open(m, 10042)
	tuitest.Contains(t, tuitest.Screen(m),
		"Brand", "Apple", "Memory, GB", "128 GB", "Warranty", "yes", "Dual SIM", "no",
		"Battery health, %", "89", "Acceptable offers", "20000–25000", "from 5", "up to 9",
		"Colour", "Blue", "legacy_code", "old value (not an attribute of this category)")
	tuitest.Lacks(t, tuitest.Screen(m), `"apple"`)
}

func TestAttributeShapesTolerated(t *testing.T) {
	defs := phoneAttrs()
	cases := map[string]string{
		`{"x":1}`:  `{"x":1}`, // select with an object: raw
		`"nokia"`:  "nokia (unknown option)",
		`12`:       "12 (unknown option)",
		`null`:     "—",
		`[1,2`:     "[1,2",
		`"\u001b]`: "",
	}
	for raw, want := range cases {
		got := plainText(formatAttr(defs[0], []byte(raw)))
		if want != "" && got != want {
			t.Errorf("select %s = %q, want %q", raw, got, want)
		}
		if strings.ContainsRune(got, 0x1b) {
			t.Errorf("select %s kept an escape: %q", raw, got)
		}
	}
	for _, raw := range []string{`"yes"`, `1`, `{}`, `"true"`} {
		_ = formatAttr(defs[2], []byte(raw))
	}
	if got := plainText(formatAttr(defs[5], []byte(`"cheap"`))); got != "cheap" {
		t.Errorf("range as text = %q", got)
	}
	if got := plainText(formatAttr(defs[5], []byte(`{"from":null,"to":null}`))); got != "—" {
		t.Errorf("empty range = %q", got)
	}
	if got := plainText(formatAttr(defs[4], []byte(`2015.0`))); got != "2015.0" {
		t.Errorf("number = %q", got)
	}
	if got := plainText(formatAttr(api.Attribute{Code: "z", Type: "colour_wheel"}, []byte(`{"h":1}`))); got != `{"h":1}` {
		t.Errorf("unknown type = %q", got)
	}
}

func TestAttributesCachedPerCategoryAndLang(t *testing.T) {
	m, svc, _ := newModel(100, 40)
	m, _ = open(m, 10042)
	m, _ = open(m, 10043)
	m, _ = open(m, 10042)
	if len(svc.attrCalls) != 1 {
		t.Fatalf("attribute calls %v, want one", svc.attrCalls)
	}
	m, cmd := m.Update(msgs.LangChanged{Lang: "uk"})
	m, _ = loop.Drain(m, cmd)
	if len(svc.attrCalls) != 2 || svc.attrCalls[1] != (attrKey{30101, "uk"}) {
		t.Fatalf("attribute calls %v, want a uk call", svc.attrCalls)
	}
	if last := svc.getCalls[len(svc.getCalls)-1]; last != (attrKey{10042, "uk"}) {
		t.Fatalf("reload after LangChanged = %v", last)
	}
}

func TestStaleAnswersDropped(t *testing.T) {
	m, _, imgs := newModel(100, 60)
	m, cmdA := m.Open(10042, "A")
	m, cmdB := m.Open(10043, "B")
	m, _ = loop.Drain(m, cmdB)
	m, _ = loop.Drain(m, cmdA) // A's answer arrives late
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "replica", "10043")
	tuitest.Lacks(t, v, "iPhone 13 128 GB")
	if l, _, _ := m.Current(); l.ID != 10043 {
		t.Fatalf("current listing %d", l.ID)
	}
	// An image of a listing no longer shown is dropped too.
	m, _ = open(m, 10042)
	stale := imageMsg{seq: m.imgSeq - 1, url: m.imgURL, img: gradient(4, 4)}
	m2, _ := m.Update(stale)
	if m2.img != m.img {
		t.Fatal("stale image taken")
	}
	_ = imgs
}

func TestListingChangedInPlace(t *testing.T) {
	m, svc, _ := newModel(100, 60)
	m, _ = open(m, 10042)
	calls := len(svc.getCalls)
	m, cmd := m.Update(msgs.ListingChanged{ID: 10042, Status: api.StatusInactive})
	if cmd != nil {
		t.Fatal("a status change should not reload")
	}
	tuitest.Contains(t, tuitest.Screen(m), "○ inactive")
	// Another listing's change is ignored.
	m, _ = m.Update(msgs.ListingChanged{ID: 1, Status: api.StatusSold})
	tuitest.Contains(t, tuitest.Screen(m), "○ inactive")
	// A whole listing with its moderation replaces the content.
	b := blockedListing()
	b.Listing.ID = 10042
	m, cmd = m.Update(msgs.ListingChanged{ID: 10042, Status: api.StatusBlocked, Listing: &b.Listing, Moderation: b.Moderation})
	m, _ = loop.Drain(m, cmd)
	tuitest.Contains(t, tuitest.Screen(m), "✖ blocked", "Blocked by moderation", "prohibited word")
	if len(svc.getCalls) != calls {
		t.Fatal("ListingChanged caused a reload")
	}
	// Back to active by status alone: the block no longer applies.
	m, _ = m.Update(msgs.ListingChanged{ID: 10042, Status: api.StatusActive})
	tuitest.Lacks(t, tuitest.Screen(m), "Blocked by moderation")
}

func TestModerationBlock(t *testing.T) {
	m, _, _ := newModel(100, 60)
	m, _ = open(m, 10044)
	tuitest.Contains(t, tuitest.Screen(m), "◔ pending", "◔ Waiting for moderation", "Decision", "pending", "no reason given", "not yet")
	tuitest.Lacks(t, tuitest.Screen(m), "What to do")

	m, _ = open(m, 10043)
	tuitest.Contains(t, tuitest.Screen(m), "✖ Blocked by moderation", "blocked", "prohibited word “replica”",
		"2025-03-01 13:30", "What to do", "edit the listing to resubmit it", "╭", "╰")

	m, _ = open(m, 10042)
	tuitest.Lacks(t, tuitest.Screen(m), "moderation", "╭")

	// Active but the server still sent a block: none shown.
	svc := newFake()
	svc.listings[10042].Moderation = blockedListing().Moderation
	m = New(svc, nil, "en")
	m.SetSize(100, 60)
	m, _ = open(m, 10042)
	tuitest.Lacks(t, tuitest.Screen(m), "Blocked by moderation")
}

func TestNotFound(t *testing.T) {
	m, _, _ := newModel(100, 30)
	m, out := open(m, 999)
	tuitest.Contains(t, tuitest.Screen(m), "Listing 999 was not found: it may have been removed, or belong to another",
		"account", "esc back to the list", "not found")
	if len(out) != 0 {
		t.Fatalf("a 404 is shown in place, no banner: %#v", out)
	}
	for _, b := range m.Actions() {
		if b.ID == "detail.activate" || b.ID == "detail.open_page" {
			t.Fatalf("%s in reach without a listing", b.ID)
		}
	}
}

func TestLoadErrorKeepsStaleContent(t *testing.T) {
	m, svc, _ := newModel(100, 40)
	m, out := open(m, 10042)
	svc.errs[10042] = &api.Error{Status: 500, Code: api.CodeInternalError, Hint: "internal error"}
	m, cmd := m.Update(tuitest.Key("r"))
	tuitest.Contains(t, tuitest.Screen(m), "reloading…")
	m, out = loop.Drain(m, cmd)
	v := tuitest.Screen(m)
	tuitest.Contains(t, v, "⟳ stale", "Could not load listing 10042", "iPhone 13 128 GB", "Attributes")
	if len(out) != 1 {
		t.Fatalf("out %#v", out)
	}
	e, ok := out[0].(msgs.Error)
	if !ok || e.Op != "load listing 10042" || e.Err == nil {
		t.Fatalf("want msgs.Error, got %#v", out[0])
	}

	// Without previous content: only the error, with what to do.
	m, _, _ = newModel(100, 40)
	m.svc = svc
	m, out = open(m, 10042)
	tuitest.Contains(t, tuitest.Screen(m), "Could not load listing 10042", "Press r to try again")
	tuitest.Lacks(t, tuitest.Screen(m), "stale")
	if _, ok := out[0].(msgs.Error); !ok {
		t.Fatalf("want msgs.Error, got %#v", out)
	}
}

func TestUnauthorized(t *testing.T) {
	for _, code := range []string{api.CodeInvalidKey, api.CodeKeyRevoked} {
		m, svc, _ := newModel(100, 40)
		svc.errs[10042] = &api.Error{Status: 401, Code: code}
		_, out := open(m, 10042)
		if len(out) != 1 {
			t.Fatalf("%s: %#v", code, out)
		}
		if _, ok := out[0].(msgs.Unauthorized); !ok {
			t.Fatalf("%s: want Unauthorized, got %#v", code, out[0])
		}
	}
}

func TestKeys(t *testing.T) {
	m, _, _ := newModel(80, 24)
	m, _ = open(m, 10042)
	one := func(k string) tea.Msg {
		t.Helper()
		_, cmd := m.Update(tuitest.Key(k))
		got := loop.Collect(cmd)
		if len(got) != 1 {
			t.Fatalf("%s: %#v", k, got)
		}
		return got[0]
	}
	if _, ok := one("esc").(msgs.Back); !ok {
		t.Fatal("esc is not Back")
	}
	title := "iPhone 13 128 GB, blue"
	if got := one("a"); got != (msgs.RequestStatus{ID: 10042, Title: title, From: api.StatusActive, To: api.StatusActive}) {
		t.Fatalf("a: %#v", got)
	}
	if got := one("x"); got != (msgs.RequestStatus{ID: 10042, Title: title, From: api.StatusActive, To: api.StatusInactive}) {
		t.Fatalf("x: %#v", got)
	}
	if got := one("w"); got != (msgs.Watch{ID: 10042, Title: title}) {
		t.Fatalf("w: %#v", got)
	}
	for _, k := range []string{"o", "y"} {
		if _, cmd := m.Update(tuitest.Key(k)); cmd == nil { // not run: it would open a browser
			t.Fatalf("%s gave no command", k)
		}
	}
	for _, k := range []string{"e", "n", "q", "?", "L", "W"} {
		if _, cmd := m.Update(tuitest.Key(k)); cmd != nil {
			t.Fatalf("%s is bound", k)
		}
	}
	// Scrolling.
	for _, step := range []struct {
		k    string
		want func(int) bool
	}{
		{"down", func(y int) bool { return y == 1 }},
		{"j", func(y int) bool { return y == 2 }},
		{"k", func(y int) bool { return y == 1 }},
		{"pgdown", func(y int) bool { return y > 2 }},
		{"end", func(y int) bool { return y == m.vp.TotalLineCount()-m.vp.Height }},
		{"home", func(y int) bool { return y == 0 }},
		{"G", func(y int) bool { return y > 0 }},
		{"g", func(y int) bool { return y == 0 }},
	} {
		m, _ = m.Update(tuitest.Key(step.k))
		if !step.want(m.vp.YOffset) {
			t.Fatalf("after %s offset %d", step.k, m.vp.YOffset)
		}
	}
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.vp.YOffset == 0 {
		t.Fatal("the wheel does not scroll")
	}
	if m.Capturing() {
		t.Fatal("Capturing")
	}
	if len(m.KeyMap().ShortHelp()) == 0 || len(m.KeyMap().FullHelp()) == 0 {
		t.Fatal("empty help")
	}
}

func TestHostileTextCleaned(t *testing.T) {
	svc := newFake()
	d := blockedListing()
	d.Listing.Title = "Evil\x1b]0;pwned\x07 title\x1b[2J"
	d.Listing.Description = "line one\x1b[31m red\r\nline two\x1b]52;c;aGVsbG8=\x07\u202e"
	d.Moderation.Reason = ptr("bad\x1b[1;1H word\x9b")
	d.Listing.ContactName = "Name\x1b[8m hidden"
	d.Listing.Attributes = rawAttrs(map[string]string{"brand": `"apple"`, "evil\u001b[2J": `"\u001b]0;x\u0007v"`})
	d.Listing.Delivery = []byte(`{"note":"\u001b[2Jx"}`)
	svc.listings[10043] = d
	m := New(svc, nil, "en")
	m.SetSize(100, 80)
	m, _ = open(m, 10043)
	v := m.View() // Ascii profile: any escape left came from the network
	tuitest.Lacks(t, v, "\x1b", "\x07", "\x9b", "\u202e")
	tuitest.Contains(t, v, "Evil title", "line one red", "line two", "bad word", "Name hidden")
	l, mod, _ := m.Current()
	if strings.ContainsRune(l.Title, 0x1b) || strings.ContainsRune(*mod.Reason, 0x1b) {
		t.Fatal("Current holds uncleaned text")
	}
}

func TestSmallAndLargeSizes(t *testing.T) {
	for _, sz := range [][2]int{{60, 15}, {80, 24}, {250, 70}, {59, 15}, {100, 3}} {
		for _, id := range []int{10042, 10043, 999} {
			m, _, _ := newModel(sz[0], sz[1])
			m, _ = open(m, id)
			tuitest.CheckExactSize(t, m.View(), sz[0], sz[1])
			m, _ = m.Update(tuitest.Key("end"))
			tuitest.CheckExactSize(t, m.View(), sz[0], sz[1])
		}
	}
	m, _, _ := newModel(0, 0)
	if m.View() != "" {
		t.Fatal("unsized view not empty")
	}
}

func TestResizeReflows(t *testing.T) {
	m, _, _ := newModel(80, 24)
	m, _ = open(m, 10042)
	m.SetSize(60, 15)
	tuitest.CheckExactSize(t, m.View(), 60, 15)
	m.SetSize(250, 70)
	tuitest.CheckExactSize(t, m.View(), 250, 70)
}

// The root echoes the detail's own ListingChanged back to it before the attributes
// arrive: that must not ask for them a second time.
func TestAttributesAskedOnceWhenTheRootEchoes(t *testing.T) {
	m, svc, _ := newModel(100, 40)
	m, cmd := m.Open(10042, "")
	var answers []tea.Msg
	for _, msg := range loop.Collect(cmd) {
		var next tea.Cmd
		m, next = m.Update(msg)
		answers = append(answers, loop.Collect(next)...)
	}
	var attrs []tea.Msg
	for _, msg := range answers {
		if ch, ok := msg.(msgs.ListingChanged); ok {
			var next tea.Cmd
			m, next = m.Update(ch)
			for _, again := range loop.Collect(next) {
				if _, ok := again.(attrsMsg); ok {
					t.Fatal("the echo asked for the attributes again")
				}
			}
		}
		if _, ok := msg.(attrsMsg); ok {
			attrs = append(attrs, msg)
		}
	}
	if len(svc.attrCalls) != 1 || len(attrs) != 1 {
		t.Fatalf("attribute calls %v", svc.attrCalls)
	}
	m, _ = m.Update(attrs[0])
	tuitest.Contains(t, tuitest.Screen(m), "Brand", "Apple")
}

// A read-only key is not told to edit what it cannot: the box says what can.
func TestModerationBlockReadOnly(t *testing.T) {
	m, _, _ := newModel(100, 60)
	m, _ = m.Update(msgs.KeyScopes{Write: false})
	m, _ = open(m, 10043)
	s := strings.Join(strings.Fields(tuitest.Screen(m)), " ")
	tuitest.Contains(t, s, "What to do", "this key is read-only: a key with listings:write can edit")
	for _, b := range m.Actions() {
		if (b.ID == "detail.activate" || b.ID == "detail.deactivate") && !b.Hidden {
			t.Errorf("%s offered to a read-only key", b.ID)
		}
	}
}
