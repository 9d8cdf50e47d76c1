package login

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/keystore/profile"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

type fakeStore struct {
	calls []profile.LoginRequest
	err   error
}

func (f *fakeStore) Login(_ context.Context, req profile.LoginRequest) (*profile.LoginResult, error) {
	f.calls = append(f.calls, req)
	if f.err != nil {
		return nil, f.err
	}
	return &profile.LoginResult{
		Profile: &profile.Profile{Name: req.Profile, BaseURL: req.BaseURL},
		Info:    &api.KeyInfo{KeyPrefix: keystore.Prefix(req.Key)},
		Source:  keystore.SourceKeyring,
	}, nil
}

// loop runs the screen's commands as the root would: the answers of its checks go
// back to it; spinner ticks only animate and are dropped; what it emits to the
// root is returned.
var loop = tuitest.Loop[Model]{Own: tuitest.Is[resultMsg], Skip: tuitest.Is[spinner.TickMsg]}

func typeText(m Model, s string) Model {
	m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true})
	return m
}

func press(m Model, k string) (Model, tea.Cmd) { return m.Update(tuitest.Key(k)) }

func newScreen(cfg Config) Model {
	m := New(cfg)
	m.SetSize(80, 20)
	return m
}

func TestMalformedKeyNeedsNoRequest(t *testing.T) {
	store := &fakeStore{}
	m := newScreen(Config{Store: store, BaseURL: "https://api.example.com"})
	m = typeText(m, "sk_live_nothex")
	m, _ = press(m, "tab") // to profile
	m, cmd := press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	if len(store.calls) != 0 {
		t.Fatalf("a malformed key was sent: %d calls", len(store.calls))
	}
	v := tuitest.Screen(m)
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "sk_live_ or sk_test_") || m.focus != fieldKey {
		t.Fatalf("no inline key error with focus on the key:\n%s", v)
	}
}

func TestBadURLOnItsField(t *testing.T) {
	m := newScreen(Config{Store: &fakeStore{}})
	m = typeText(m, "ftp://nowhere")
	m, _ = press(m, "tab")
	m = typeText(m, sandbox.KeyPersonal)
	m, _ = press(m, "tab")
	m, cmd := press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	if m.focus != fieldURL || m.errs[fieldURL] == "" {
		t.Fatalf("want an error on the URL field, got %v", m.errs)
	}
}

func TestLoginEmitsDoneAndForgetsTheKey(t *testing.T) {
	store := &fakeStore{}
	m := newScreen(Config{Store: store, BaseURL: "https://api.example.com", Lang: "en"})
	m = typeText(m, "  "+sandbox.KeyPersonal+"\n")
	if strings.Contains(tuitest.Screen(m), sandbox.KeyPersonal[8:20]) {
		t.Fatal("the key is visible on screen")
	}
	m, _ = press(m, "tab")
	m, cmd := press(m, "enter")
	if !m.Busy() || !strings.Contains(tuitest.Screen(m), "checking the key") {
		t.Fatalf("no spinner while verifying:\n%s", tuitest.Screen(m))
	}
	m, out := loop.Drain(m, cmd)
	if len(out) != 1 {
		t.Fatalf("emitted %v", out)
	}
	done, ok := out[0].(msgs.LoggedIn)
	if !ok || done.Key != sandbox.KeyPersonal || done.Profile != "default" || done.BaseURL != "https://api.example.com" {
		t.Fatalf("done = %+v", out[0])
	}
	if store.calls[0].Lang != "en" || store.calls[0].Insecure {
		t.Fatalf("request = %+v", store.calls[0])
	}
	if m.key.Value() != "" {
		t.Fatal("the key stayed in the form")
	}
}

func TestNoKeyringNeedsTheCheckbox(t *testing.T) {
	store := &fakeStore{err: fmt.Errorf("store the key: %w", keystore.ErrNoKeyring)}
	m := newScreen(Config{Store: store, BaseURL: "https://api.example.com"})
	m = typeText(m, sandbox.KeyPersonal)
	m, _ = press(m, "tab")
	m, cmd := press(m, "enter")
	m, out := loop.Drain(m, cmd)
	if len(out) != 0 || !m.offerInsecure || m.focus != fieldInsecure {
		t.Fatalf("no checkbox offered: %v %+v", out, m.errs)
	}
	v := tuitest.Screen(m)
	if !strings.Contains(v, "[ ] store in a plain file instead (insecure)") || !strings.Contains(v, "OS keyring unavailable") {
		t.Fatalf("view:\n%s", v)
	}
	// Submitting again without ticking stays in the keyring.
	store.err = nil
	m, _ = press(m, "tab") // buttons
	m, cmd = press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	if store.calls[1].Insecure {
		t.Fatal("insecure storage without the tick")
	}
	// Tick it (the key was forgotten after success, so type it again).
	m = newScreen(Config{Store: &fakeStore{err: store.err}, BaseURL: "https://api.example.com"})
	m.offerInsecure = true
	m = typeText(m, sandbox.KeyPersonal)
	m, _ = press(m, "tab") // profile
	m, _ = press(m, "tab") // checkbox
	m, _ = m.Update(tuitest.Key("space"))
	if !strings.Contains(tuitest.Screen(m), "[x] store in a plain file") {
		t.Fatalf("not ticked:\n%s", tuitest.Screen(m))
	}
	s := m.cfg.Store.(*fakeStore)
	m, _ = press(m, "tab")
	m, cmd = press(m, "enter")
	loop.Drain(m, cmd)
	if !s.calls[0].Insecure {
		t.Fatal("the tick was not passed on")
	}
}

func TestPingErrorsAgainstTheSandbox(t *testing.T) {
	svc := apitest.Serve(t, sandbox.Options{})
	for key, want := range map[string][]string{
		sandbox.KeyRevoked:                    {"key_revoked", "create a new one"},
		sandbox.KeyForeignIP:                  {"ip_not_whitelisted", "127.0.0.1", "allowed_ips"},
		"sk_test_" + strings.Repeat("ab", 24): {"invalid_key", "copy the key again"},
	} {
		m := newScreen(Config{BaseURL: svc.URL}) // no store: verify only
		m = typeText(m, key)
		m, cmd := press(m, "enter")
		m, out := loop.Drain(m, cmd)
		v := tuitest.Screen(m)
		if len(out) != 0 || m.focus != fieldKey {
			t.Fatalf("%s: emitted %v, focus %v", want[0], out, m.focus)
		}
		flat := strings.Join(strings.Fields(v+" "+m.errs[fieldKey]), " ")
		for _, w := range want {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: %q missing:\n%s", want[0], w, v)
			}
		}
	}
	// An unreachable service: the error is on the URL.
	ts2 := httptest.NewServer(svc.Sandbox)
	ts2.Close()
	m := newScreen(Config{BaseURL: ts2.URL})
	m = typeText(m, sandbox.KeyPersonal)
	m, cmd := press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	if m.focus != fieldURL || !strings.Contains(m.errs[fieldURL], "check the base URL") {
		t.Fatalf("unreachable: %v", m.errs)
	}
}

func TestTryTheSandbox(t *testing.T) {
	stopped := 0
	start := func(ctx context.Context) (string, string, func(), error) {
		svc, err := apitest.Start(sandbox.Options{})
		if err != nil {
			return "", "", nil, err
		}
		return svc.URL, sandbox.KeyPersonal, func() { stopped++; svc.Close() }, nil
	}
	m := newScreen(Config{Store: &fakeStore{}, Sandbox: start})
	m.focus = fieldButtons
	m.applyFocus()
	m, _ = press(m, "right")
	m, cmd := press(m, "enter")
	m, out := loop.Drain(m, cmd)
	if len(out) != 1 {
		t.Fatalf("emitted %v (%v)", out, m.general)
	}
	done := out[0].(msgs.LoggedIn)
	if !done.Sandbox || done.Key != sandbox.KeyPersonal || done.Profile != "" || done.Info == nil {
		t.Fatalf("done = %+v", done)
	}
	done.Stop()
	if stopped != 1 {
		t.Fatal("stop not passed on")
	}
	// A failing start is said in general.
	m = newScreen(Config{Sandbox: func(context.Context) (string, string, func(), error) {
		return "", "", nil, errors.New("port in use")
	}})
	m.focus, m.button = fieldButtons, buttonSandbox
	m, cmd = press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	if !strings.Contains(tuitest.Screen(m), "the sandbox did not start: port in use") {
		t.Fatalf("view:\n%s", tuitest.Screen(m))
	}
}

func TestSmallTerminal(t *testing.T) {
	m := New(Config{Store: &fakeStore{}, Sandbox: func(context.Context) (string, string, func(), error) { return "", "", nil, nil },
		Reason: "the key was revoked: log in with a new one"})
	m.SetSize(60, 13)
	m.offerInsecure = true
	m.errs[fieldKey] = strings.Repeat("a long error message ", 20)
	m.errs[fieldInsecure] = strings.Repeat("no keyring here ", 20)
	v := tuitest.Screen(m)
	lines := strings.Split(v, "\n")
	if len(lines) > 13 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > 60 {
			t.Fatalf("line too wide: %q", l)
		}
	}
}

func TestGolden(t *testing.T) {
	m := New(Config{Store: &fakeStore{}, BaseURL: "https://api.example.com",
		Sandbox: func(context.Context) (string, string, func(), error) { return "", "", nil, nil }})
	m.SetSize(80, 22)
	m = typeText(m, "sk_test_123")
	m, _ = press(m, "tab")
	m, cmd := press(m, "enter")
	m, _ = loop.Drain(m, cmd)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}
