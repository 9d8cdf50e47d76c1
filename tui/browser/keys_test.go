package browser

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/msgs"
)

func TestAuthErrors(t *testing.T) {
	for _, tc := range []struct {
		code  string
		unauh bool
	}{{api.CodeInvalidKey, true}, {api.CodeKeyRevoked, true}, {api.CodeKeySuspended, false}} {
		f := &fakeLister{err: &api.Error{Status: 401, Code: tc.code}}
		m := New(f, "uk")
		_, out := loop.Drain(m, m.Init())
		if len(out) != 1 {
			t.Fatalf("%s: %v", tc.code, out)
		}
		_, isUnauth := out[0].(msgs.Unauthorized)
		if isUnauth != tc.unauh {
			t.Errorf("%s: got %#v", tc.code, out[0])
		}
	}
}

func TestKeysEmitMessages(t *testing.T) {
	t.Setenv("BROWSER", "true")
	f := &fakeLister{data: fixture()}
	m := loaded(t, f, 80, 24)
	want := map[string]tea.Msg{
		"enter": msgs.OpenListing{ID: 10009, Title: "Велосипед Trek Marlin 7, рама L"},
		"a":     msgs.RequestStatus{ID: 10009, Title: "Велосипед Trek Marlin 7, рама L", From: api.StatusInactive, To: api.StatusActive},
		"x":     msgs.RequestStatus{ID: 10009, Title: "Велосипед Trek Marlin 7, рама L", From: api.StatusInactive, To: api.StatusInactive},
		"w":     msgs.Watch{ID: 10009, Title: "Велосипед Trek Marlin 7, рама L"},
		"o":     msgs.Notice{Text: "Opened https://example.test/l/10009"},
	}
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all: 10010 first
	m, _ = loop.Press(m, "down")                     // 10009, inactive
	for k, w := range want {
		_, out := loop.Press(m, k)
		if len(out) != 1 || out[0] != w {
			t.Errorf("%s: got %#v, want %#v", k, out, w)
		}
	}
	if _, cmd := m.Update(tuitest.Key("y")); cmd == nil {
		t.Error("y gave no command")
	}
	for _, k := range []string{"n", "e", "q", "?", "L", "W"} {
		if _, cmd := m.Update(tuitest.Key(k)); cmd != nil {
			t.Errorf("%s is bound", k)
		}
	}
}

func TestMouse(t *testing.T) {
	f := &fakeLister{data: gen(30, 20000, api.StatusActive)}
	m := loaded(t, f, 80, 24)
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if l, _ := m.Selected(); l.ID != 19999 {
		t.Fatalf("wheel: on %d", l.ID)
	}
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonLeft, Action: tea.MouseActionPress, Y: 7})
	if l, _ := m.Selected(); l.ID != 19995 {
		t.Fatalf("click on screen line 7: on %d", l.ID)
	}
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonLeft, Action: tea.MouseActionPress, Y: 0})
	if l, _ := m.Selected(); l.ID != 19995 {
		t.Fatal("a click on the tab line moved the cursor")
	}
}

// The footer names what can be done with the selected row right after "open".
func TestShortHelpFollowsTheSelectedRow(t *testing.T) {
	f := &fakeLister{data: fixture()}
	m := loaded(t, f, 80, 24)
	m, _ = loop.Press(m, "tab", "tab", "tab", "tab") // all
	seen := map[api.Status]string{}
	for range len(fixture()) {
		if l, ok := m.Selected(); ok {
			if h := m.KeyMap().ShortHelp(); len(h) > 1 {
				seen[l.Status] = h[1].Help().Desc
			}
		}
		m, _ = loop.Press(m, "down")
	}
	for st, want := range map[api.Status]string{api.StatusActive: "deactivate", api.StatusInactive: "activate", api.StatusPending: "watch", api.StatusSold: "next tab"} {
		if seen[st] != want {
			t.Errorf("%s row: second key %q, want %q", st, seen[st], want)
		}
	}
}

// offered reports whether the footer offers the action id.
func offered(m Model, id action.ID) bool {
	for _, b := range m.Actions() {
		if b.ID == id {
			return b.Offered
		}
	}
	return false
}
