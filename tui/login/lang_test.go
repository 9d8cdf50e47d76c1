package login

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

// The tests here switch the interface's language: none runs in parallel, and each
// puts English back.

func noSandbox(context.Context) (string, string, func(), error) { return "", "", nil, nil }

// rejected is the screen after a malformed key was submitted, at w×h.
func rejected(w, h int) Model {
	m := New(Config{Store: &fakeStore{}, BaseURL: "https://api.example.com", Sandbox: noSandbox})
	m.SetSize(w, h)
	m = typeText(m, "sk_test_123")
	m, _ = press(m, "tab")
	m, cmd := press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	return m
}

// fits fails t on a view taller than h or a line wider than w: the screen is only
// as tall as its lines, placed by the root.
func fits(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Errorf("%d lines, more than %d", len(lines), h)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("line wider than %d: %q", w, ansi.Strip(l))
		}
	}
}

// TestGoldenUkrainian: the first screen (with the reason the user is here) and the
// one after a refused key, in Ukrainian at 80×24 and 60×15.
func TestGoldenUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	tuitest.Goldens(t, tuitest.Small, map[string]func(*testing.T, int, int) string{
		"first": func(_ *testing.T, w, h int) string {
			m := New(Config{Store: &fakeStore{}, Sandbox: noSandbox, Reason: "ключ відкликано: увійдіть з новим"})
			m.SetSize(w, h)
			return tuitest.Screen(m)
		},
		"refused": func(_ *testing.T, w, h int) string { return tuitest.Screen(rejected(w, h)) },
	}, fits)
}

// TestPseudoKeepsTheButtons: in the pseudo-language (every word 40 % longer) both
// buttons and every field's label show whole at 80×24, with an error on the key.
func TestPseudoKeepsTheButtons(t *testing.T) {
	tuitest.InLang(t, i18n.Pseudo)
	m := rejected(80, 24)
	screen := tuitest.Screen(m)
	fits(t, m.View(), 80, 24)
	if !tuitest.Contains(t, screen, i18n.T("login.button.login"), i18n.T("login.button.sandbox"), i18n.T("login.title"),
		i18n.T("login.field.key")) {
		t.Log("\n" + screen)
	}
}

// TestLangChangedKeepsWhatWasTyped: a switch redraws the labels and the key's
// placeholder, and the address and key typed stay.
func TestLangChangedKeepsWhatWasTyped(t *testing.T) {
	defer i18n.Use(i18n.English)
	m := newScreen(Config{Store: &fakeStore{}, Sandbox: noSandbox})
	if m.key.Placeholder != "sk_live_… (paste it here)" {
		t.Fatalf("placeholder %q", m.key.Placeholder)
	}
	m = typeText(m, "https://api.example.com")
	m, _ = press(m, "tab")
	m = typeText(m, "sk_test_1")
	i18n.Use(i18n.Ukrainian)
	m, _ = m.Update(msgs.LangChanged{Lang: "uk"})
	if m.url.Value() != "https://api.example.com" || m.key.Value() != "sk_test_1" || m.focus != fieldKey {
		t.Fatalf("lost on a switch: %q %q focus %v", m.url.Value(), m.key.Value(), m.focus)
	}
	if m.key.Placeholder != "sk_live_… (вставте сюди)" {
		t.Errorf("placeholder %q", m.key.Placeholder)
	}
	tuitest.Contains(t, tuitest.Screen(m), "Вхід до Listings API", "Ключ API", "Увійти", "Спробувати пісочницю")
}
