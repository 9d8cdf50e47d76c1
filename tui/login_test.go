package tui

import (
	"context"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// atLogin is the root started with no key: the login screen, on the fixture's
// service, the sandbox button starting a sandbox of its own.
func (f *fixture) atLogin(t *testing.T) Model {
	t.Helper()
	opts := f.options()
	loggedOut(t, f, &opts)
	m := f.model(opts, 80, 24)
	m, _ = f.settle(m, m.Init())
	if m.active != viewLogin {
		t.Fatalf("started on %v, not the login screen", m.active)
	}
	return m
}

// loggedOut makes o start with no key, on the fixture's service, the sandbox
// button starting a sandbox of its own.
func loggedOut(_ *testing.T, f *fixture, o *Options) {
	o.Client, o.Sandbox, o.BaseURL = nil, false, f.ts.URL
	o.SandboxStarter = func(context.Context) (string, string, func(), error) {
		svc, err := apitest.Start(sandbox.Options{Now: f.clock.Now})
		if err != nil {
			return "", "", nil, err
		}
		return svc.URL, sandbox.KeyBusiness, svc.Close, nil
	}
}

func paste(m Model, s string) tea.Msg {
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true}
}

// The login screen logs in: the key typed and sent leads to the browser with the
// account's listings. (The screen's answer used to come back to the screen itself,
// since the root knew its messages by their package, and the login's was not one.)
func TestLoginScreenLogsIn(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.atLogin(t)
	m, _ = f.run(m, paste(m, sandbox.KeyPersonal)) // the URL is prefilled: the key has the focus
	m, _ = f.press(m, "enter")
	if m.active != viewBrowser || m.client == nil {
		t.Fatalf("after a login: view %v\n%s", m.active, tuitest.Screen(m))
	}
	has(t, m, "logged in to", "active")
	lacks(t, m, sandbox.KeyPersonal)
	if n := strings.Count(tuitest.Screen(m), "● active"); n < 10 {
		t.Errorf("%d listings shown after the login:\n%s", n, tuitest.Screen(m))
	}
}

// "Try the sandbox" leads to the browser on a sandbox of its own.
func TestLoginScreenTriesTheSandbox(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.atLogin(t)
	m, _ = f.press(m, "tab", "right", "enter") // from the key to the buttons, then the sandbox
	if m.active != viewBrowser || !m.sandbox {
		t.Fatalf("after Try the sandbox: view %v\n%s", m.active, tuitest.Screen(m))
	}
	has(t, m, "logged in to the sandbox")
}

// A wrong key stays on the login screen with the reason.
func TestLoginScreenSaysWhyAKeyIsRefused(t *testing.T) {
	f := newFixture(t, sandbox.KeyPersonal, nil)
	m := f.atLogin(t)
	m, _ = f.run(m, paste(m, "sk_test_"+strings.Repeat("ab", 24)))
	m, _ = f.press(m, "enter")
	if m.active != viewLogin {
		t.Fatalf("a wrong key led to %v", m.active)
	}
	has(t, m, "invalid_key")
}
