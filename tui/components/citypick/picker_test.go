package citypick

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestDebounceSendsOnlyTheLatestQuery(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, out := loop.Type(m, "київ")
	if f.n() != 0 {
		t.Fatalf("%d requests while typing", f.n())
	}
	// "к" is below the minimum; "ки", "киї" and "київ" each start a pause.
	if d := tuitest.Of[debounceMsg](out); len(d) != 3 {
		t.Fatalf("%d debounce ticks, want 3", len(d))
	}
	tuitest.Contains(t, tuitest.Screen(m), "searching “київ”")
	m, _ = settle(t, m, out)
	if f.n() != 1 {
		t.Fatalf("%d requests, want 1: %+v", f.n(), f.calls)
	}
	if c := f.last(); c != (call{"київ", "uk", resultLimit}) {
		t.Fatalf("sent %+v", c)
	}
	tuitest.Contains(t, tuitest.Screen(m), "м. Київ, Київська обл.", "2,480 warehouses", "1 place matches “київ”")
}

func TestMinimumTwoCharacters(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	tuitest.Contains(t, tuitest.Screen(m), "type at least 2 letters")
	for _, s := range []string{"к", "ї", "  ї  ", "'"} {
		var out []tea.Msg
		m, out = find(t, m, s)
		if len(tuitest.Of[debounceMsg](out)) != 0 || f.n() != 0 {
			t.Fatalf("%q: %d ticks, %d requests", s, len(tuitest.Of[debounceMsg](out)), f.n())
		}
		tuitest.Contains(t, tuitest.Screen(m), "type at least 2 letters")
		m, _ = loop.Press(m, "enter") // nothing to choose, nothing to send
		if f.n() != 0 {
			t.Fatalf("enter on %q sent a request", s)
		}
		m, _ = loop.Press(m, "esc")
	}
	// Two letters of two bytes each are two characters, not four.
	m, _ = find(t, m, "ки")
	if f.n() != 1 || f.last().q != "ки" {
		t.Fatalf("calls %+v", f.calls)
	}
	// Back below the minimum: the hint again, an earlier pause is void.
	m, out := loop.Press(m, "backspace")
	m, _ = settle(t, m, out)
	tuitest.Contains(t, tuitest.Screen(m), "type at least 2 letters")
	if f.n() != 1 {
		t.Fatalf("calls %+v", f.calls)
	}
}

func TestCachePerLanguageAndQuery(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, _ = find(t, m, "кам")
	if f.n() != 1 {
		t.Fatalf("calls %+v", f.calls)
	}
	m, _ = find(t, m, "'я") // "кам'я"
	if f.n() != 2 {
		t.Fatalf("calls %+v", f.calls)
	}
	// Back-spaced to a query answered before: shown at once, no pause, no request.
	m, out := loop.Press(m, "backspace", "backspace")
	m, _ = settle(t, m, out) // the pause of "кам'" was cut short by the second backspace
	if f.n() != 2 {
		t.Fatalf("backspace: calls %+v", f.calls)
	}
	tuitest.Contains(t, tuitest.Screen(m), "2 places match “кам”", "Кам'янець-Подільський")
	// The same query typed again, in another case and spacing.
	m, _ = loop.Press(m, "esc")
	m, _ = find(t, m, "  КАМ ")
	if f.n() != 2 {
		t.Fatalf("same query again: calls %+v", f.calls)
	}
	// Another language is another answer: uk then en is two requests; back to uk none.
	m, _ = loop.Step(m, msgs.LangChanged{Lang: "en"})
	if f.n() != 3 || f.last().lang != "en" {
		t.Fatalf("calls %+v", f.calls)
	}
	tuitest.Contains(t, tuitest.Screen(m), "[en] м. Кам'янське")
	cmd := m.SetLang("uk")
	m, _ = loop.Drain(m, cmd)
	if f.n() != 3 {
		t.Fatalf("calls %+v", f.calls)
	}
	tuitest.Contains(t, tuitest.Screen(m), "м. Кам'янське")
	if strings.Contains(tuitest.Screen(m), "[en]") {
		t.Fatalf("still in English:\n%s", tuitest.Screen(m))
	}
}

func TestLanguageKeepsTheSelection(t *testing.T) {
	m := picker(newFake(), "uk")
	m, _ = find(t, m, "кам")
	m, _ = loop.Press(m, "down")
	m, _ = loop.Drain(m, m.SetLang("ru"))
	if got := m.rows[m.cursor].city.Name; got != "Кам'янець-Подільський" {
		t.Fatalf("selected %q after the language change", got)
	}
}

func TestStaleAnswerDroppedButCached(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, out := loop.Type(m, "київ")
	d := tuitest.Of[debounceMsg](out)
	m, first := m.Update(d[len(d)-1])
	kyiv := loop.Collect(first) // the answer is on its way
	m, _ = loop.Press(m, "esc")
	m, out = loop.Type(m, "кам")
	d = tuitest.Of[debounceMsg](out)
	m, second := m.Update(d[len(d)-1])
	m, _ = loop.Step(m, loop.Collect(second)[0])
	tuitest.Contains(t, tuitest.Screen(m), "2 places match “кам”")
	// The late answer of the earlier query does not replace what is shown...
	m, out = loop.Step(m, kyiv[0])
	if len(out) != 0 {
		t.Fatalf("stale answer led to %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "2 places match “кам”", "Кам'янське")
	if strings.Contains(tuitest.Screen(m), "Київ,") {
		t.Fatalf("stale answer shown:\n%s", tuitest.Screen(m))
	}
	// ...but it is kept: typing that query again costs nothing.
	m, _ = loop.Press(m, "esc")
	m, _ = find(t, m, "київ")
	if f.n() != 2 {
		t.Fatalf("calls %+v", f.calls)
	}
	tuitest.Contains(t, tuitest.Screen(m), "м. Київ, Київська обл.")
}

func TestRequestInFlightIsNotRepeated(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, out := loop.Type(m, "київ")
	d := tuitest.Of[debounceMsg](out)
	m, first := m.Update(d[len(d)-1])
	answer := loop.Collect(first)
	// "київс" then back to "київ" while the first request is out.
	m, out = loop.Press(m, "с", "backspace")
	m, _ = settle(t, m, out)
	if f.n() != 1 {
		t.Fatalf("calls %+v", f.calls)
	}
	m, _ = loop.Step(m, answer[0])
	tuitest.Contains(t, tuitest.Screen(m), "м. Київ, Київська обл.")
}

func TestApostropheVariantsShareTheCache(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, _ = find(t, m, "Кам'янське")
	tuitest.Contains(t, tuitest.Screen(m), "м. Кам'янське, Дніпропетровська обл.", "310 warehouses")
	for _, s := range []string{"Кам’янське", "Камʼянське", "кам’янське "} {
		m, _ = loop.Press(m, "esc")
		m, _ = find(t, m, s)
		tuitest.Contains(t, tuitest.Screen(m), "м. Кам'янське, Дніпропетровська обл.")
	}
	if f.n() != 1 {
		t.Fatalf("calls %+v", f.calls)
	}
	if f.last().q != "кам'янське" {
		t.Fatalf("sent %q", f.last().q)
	}
}

func TestNormalise(t *testing.T) {
	for in, want := range map[string]string{
		"  Кам’янське ":      "кам'янське",
		"Камʼянське":         "кам'янське",
		"Біла   Церква":      "біла церква",
		"Нова\tОдеса\u00a0 ": "нова одеса",
		"KYIV":               "kyiv",
		"":                   "",
	} {
		if got := normalise(in); got != want {
			t.Errorf("normalise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestChooseSendsTheRef(t *testing.T) {
	m := picker(newFake(), "uk")
	m.SetChosen("", "")
	tuitest.Contains(t, tuitest.Screen(m), "chosen: none yet")
	m, _ = find(t, m, "ки")
	tuitest.Contains(t, tuitest.Screen(m), "› м. Київ, Київська обл.")
	m, _ = loop.Press(m, "down", "down", "ctrl+n", "ctrl+p")
	tuitest.Contains(t, tuitest.Screen(m), "› смт Кирилівка, Запорізька обл.", "no warehouses")
	m, out := loop.Press(m, "enter")
	if len(out) != 1 {
		t.Fatalf("enter gave %+v", out)
	}
	ch, ok := out[0].(Chosen)
	if !ok || ch.City.Ref != "a1b2c3d4-0000-4000-8000-000000000003" || ch.City.Label != "смт Кирилівка, Запорізька обл." {
		t.Fatalf("enter gave %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "✓ chosen: смт Кирилівка, Запорізька обл. (ref a1b2c3d4…)")
	if ref, _ := m.Current(); ref != ch.City.Ref {
		t.Fatalf("current %q", ref)
	}

	// The editor's draft may come from a file: cleaned too.
	m.SetChosen(kyivRef, "м. Київ\x1b[31m, Київська обл.\n")
	tuitest.Contains(t, tuitest.Screen(m), "chosen: м. Київ, Київська обл. (ref 8d5a980d…)")
	if strings.Contains(m.View(), "\x1b") {
		t.Fatalf("escape sequence shown: %q", m.View())
	}
}

func TestEnterWhileWaitingSearchesAtOnce(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, _ = find(t, m, "кам")
	m, out := loop.Type(m, "'янськ")
	m, more := loop.Press(m, "enter")
	if f.n() != 2 || len(more) != 0 {
		t.Fatalf("enter while waiting: calls %+v, out %+v", f.calls, more)
	}
	m, _ = settle(t, m, out) // the pause ends later: nothing more is sent
	if f.n() != 2 {
		t.Fatalf("calls %+v", f.calls)
	}
	m, more = loop.Press(m, "enter")
	if len(more) != 1 || more[0].(Chosen).City.Name != "Кам'янське" {
		t.Fatalf("enter gave %+v", more)
	}
}

func TestEscClearsThenCancels(t *testing.T) {
	m := picker(newFake(), "uk")
	m, _ = find(t, m, "київ")
	if d := escDesc(m); d != "clear" {
		t.Fatalf("esc help %q", d)
	}
	m, out := loop.Press(m, "esc")
	if len(out) != 0 || m.Query() != "" {
		t.Fatalf("esc with text: %+v, query %q", out, m.Query())
	}
	tuitest.Contains(t, tuitest.Screen(m), "type at least 2 letters")
	if d := escDesc(m); d != "back" {
		t.Fatalf("esc help %q", d)
	}
	_, out = loop.Press(m, "esc")
	if len(out) != 1 || out[0] != (Cancelled{}) {
		t.Fatalf("esc when empty gave %+v", out)
	}
}

// escDesc is what the picker's help says esc does now.
func escDesc(m Model) string {
	b, _ := action.Find(m.Actions(), tuitest.Key("esc"))
	return b.Desc
}

func TestNoResults(t *testing.T) {
	m := picker(newFake(), "uk")
	m, _ = find(t, m, "xy")
	tuitest.Contains(t, tuitest.Screen(m), "no city matches “xy”: try another spelling, or the Ukrainian name")
	if _, out := loop.Press(m, "enter"); len(out) != 0 {
		t.Fatalf("enter with no results gave %+v", out)
	}
}

func TestErrorKeepsTheInput(t *testing.T) {
	f := newFake()
	f.err = &api.Error{Status: 429, Code: api.CodeRateLimitExceeded, Hint: "60 requests per minute",
		RetryAfter: 20 * time.Second}
	m := picker(f, "uk")
	m, out := find(t, m, "київ")
	if e := tuitest.Of[msgs.Error](out); len(e) != 1 || e[0].Op != "search cities" || !api.IsRateLimit(e[0].Err) {
		t.Fatalf("messages %+v", out)
	}
	tuitest.Contains(t, tuitest.Screen(m), "✖ could not search: rate_limit_exceeded", "wait 20s, then enter retries",
		"what you typed is kept", "київ")
	if b, _ := action.Find(m.Actions(), tuitest.Key("enter")); m.Query() != "київ" || b.ID != "citypick.retry" {
		t.Fatalf("query %q after the error", m.Query())
	}
	// The service answers again: enter retries the same text.
	f.err = nil
	m, _ = loop.Press(m, "enter")
	tuitest.Contains(t, tuitest.Screen(m), "м. Київ, Київська обл.")
	if f.n() != 2 {
		t.Fatalf("calls %+v", f.calls)
	}

	// No answer at all: the same, and errors are never cached.
	f.err = &api.UnreachableError{URL: "https://api.example.test", Err: errors.New("connection refused")}
	m, _ = loop.Press(m, "esc")
	m, out = find(t, m, "кам")
	tuitest.Contains(t, tuitest.Screen(m), "no answer from the service (connection refused)", "check the connection", "кам")
	if len(tuitest.Of[msgs.Error](out)) != 1 || m.Query() != "кам" {
		t.Fatalf("messages %+v, query %q", out, m.Query())
	}
	m, _ = loop.Press(m, "backspace")
	m, _ = find(t, m, "м")
	if f.n() != 4 {
		t.Fatalf("calls %+v", f.calls)
	}
}

func TestCleansAnswers(t *testing.T) {
	m := picker(newFake(), "uk")
	m, _ = find(t, m, "ки")
	s := tuitest.Screen(m)
	for _, want := range []string{"с. Кисилин, Волинська обл.", "3 warehouses", "1 warehouse",
		"м. Кивертці, Волинська", "12 warehouses"} {
		if !strings.Contains(s, want) {
			t.Errorf("lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(m.View(), "\x1b]") || strings.Contains(m.View(), "\x1b[2J") || strings.Contains(s, "Кипоть") ||
		strings.Contains(s, "1 warehouses") {
		t.Fatalf("escape sequence or a city without ref shown:\n%q", m.View())
	}
}

func TestBlurredIgnoresKeys(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m.Blur()
	if m.Capturing() {
		t.Fatal("capturing while blurred")
	}
	m, out := loop.Type(m, "київ")
	if len(out) != 0 || m.Query() != "" {
		t.Fatalf("typed while blurred: %+v %q", out, m.Query())
	}
	m.Focus()
	if !m.Capturing() {
		t.Fatal("not capturing while focused")
	}
	// Tab is the editor's: it does not reach the input.
	m, _ = loop.Press(m, "tab")
	if m.Query() != "" {
		t.Fatalf("tab typed %q", m.Query())
	}
}

func TestAnswerOfAnotherPickerIgnored(t *testing.T) {
	f := newFake()
	a, b := picker(f, "uk"), picker(f, "uk")
	a, out := loop.Type(a, "київ")
	d := tuitest.Of[debounceMsg](out)
	a, cmd := a.Update(d[len(d)-1])
	b, _ = loop.Type(b, "київ")
	b, _ = loop.Step(b, loop.Collect(cmd)[0])
	b, _ = loop.Step(b, d[len(d)-1])
	tuitest.Contains(t, tuitest.Screen(b), "searching “київ”")
	if b.cache.len() != 0 {
		t.Fatalf("picker b cached another's answer")
	}
}

func TestCacheIsBounded(t *testing.T) {
	c := newLRU(3)
	for _, k := range []string{"a", "b", "c"} {
		c.put(k, answer{})
	}
	c.get("a") // used: "b" is now the oldest
	c.put("d", answer{})
	if _, ok := c.get("b"); ok || c.len() != 3 {
		t.Fatalf("b kept, len %d", c.len())
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := c.get(k); !ok {
			t.Fatalf("%s evicted", k)
		}
	}
}

func TestPasteIsOnePause(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, out := loop.Step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("Кам’янське"), Paste: true})
	if len(tuitest.Of[debounceMsg](out)) != 1 {
		t.Fatalf("%d pauses for a paste", len(tuitest.Of[debounceMsg](out)))
	}
	m, _ = settle(t, m, out)
	if f.n() != 1 || f.last().q != "кам'янське" {
		t.Fatalf("calls %+v", f.calls)
	}
	tuitest.Contains(t, tuitest.Screen(m), "› м. Кам'янське")
}

func TestLanguageBeforeTyping(t *testing.T) {
	f := newFake()
	m := picker(f, "uk")
	m, _ = loop.Type(m, "к")
	m, _ = loop.Drain(m, m.SetLang("en"))
	if f.n() != 0 {
		t.Fatalf("calls %+v", f.calls)
	}
	m, _ = find(t, m, "и")
	if f.n() != 1 || f.last().lang != "en" {
		t.Fatalf("calls %+v", f.calls)
	}
}

func TestEditorKeysLeftAlone(t *testing.T) {
	m := picker(newFake(), "uk")
	m, _ = find(t, m, "київ")
	for _, k := range []tea.KeyMsg{tuitest.Key("tab"), tuitest.Key("shift+tab"), tuitest.Key("ctrl+s")} {
		var out []tea.Msg
		m, out = loop.Step(m, k)
		if len(out) != 0 || m.Query() != "київ" {
			t.Fatalf("%s: %+v, query %q", k, out, m.Query())
		}
	}
	if m.Init() != nil {
		t.Fatal("Init loads something")
	}
	k := m.KeyMap()
	if b, _ := action.Find(m.Actions(), tuitest.Key("enter")); len(k.ShortHelp()) != 4 || len(k.FullHelp()) != 2 || b.Desc != "choose" {
		t.Fatalf("help %+v", k.ShortHelp())
	}
}
