package tuitest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestMain(m *testing.M) { Main(m) }

// recorder is a testing.TB that keeps what a check reports instead of failing.
type recorder struct {
	testing.TB
	errs, logs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func TestKeyNames(t *testing.T) {
	// Every name the tui tests press, and what a key binding sees of it.
	for _, name := range []string{"enter", "esc", "tab", "shift+tab", "backspace", "delete",
		"up", "down", "left", "right", "pgup", "pgdown", "home", "end",
		"ctrl+a", "ctrl+c", "ctrl+n", "ctrl+p", "ctrl+s", "f1",
		"alt+3", "alt+up", "alt+down", "a", "G", "/", "?", "a.jpg", "с"} {
		if got := Key(name).String(); got != name {
			t.Errorf("Key(%q) is %q", name, got)
		}
	}
	for name, want := range map[string]tea.KeyMsg{
		"enter":  {Type: tea.KeyEnter},
		"esc":    {Type: tea.KeyEscape},
		"ctrl+s": {Type: tea.KeyCtrlS},
		"alt+3":  {Type: tea.KeyRunes, Runes: []rune("3"), Alt: true},
		"alt+up": {Type: tea.KeyUp, Alt: true},
		"space":  {Type: tea.KeySpace, Runes: []rune{' '}},
		" ":      {Type: tea.KeyRunes, Runes: []rune{' '}},
		"tour":   {Type: tea.KeyRunes, Runes: []rune("tour")},
		"alt+":   {Type: tea.KeyRunes, Runes: []rune("alt+")},
	} {
		got := Key(name)
		if got.Type != want.Type || got.Alt != want.Alt || !slices.Equal(got.Runes, want.Runes) {
			t.Errorf("Key(%q) = %#v, want %#v", name, got, want)
		}
	}
}

func TestCheckSize(t *testing.T) {
	for _, c := range []struct {
		view         string
		size, exact  int // errors of CheckSize and CheckExactSize at 4×2
		sizeMentions string
	}{
		{view: "abcd\nab", size: 0, exact: 1},
		{view: "abcd\nabcd", size: 0, exact: 0},
		{view: "\x1b[31mabcd\x1b[0m\nab  ", size: 0, exact: 0},
		{view: "abcde\nab", size: 1, exact: 2, sizeMentions: "line 0 is 5 wide"},
		{view: "ab", size: 1, exact: 2, sizeMentions: "1 lines, want 2"},
		{view: "ab\nab\nab", size: 1, exact: 4, sizeMentions: "3 lines, want 2"},
		{view: "界界\nab", size: 0, exact: 1},
		{view: "界界界\nab", size: 1, exact: 2, sizeMentions: "6 wide"},
	} {
		r := &recorder{TB: t}
		CheckSize(r, c.view, 4, 2)
		if len(r.errs) != c.size || c.size > 0 && !strings.Contains(r.errs[0], c.sizeMentions) {
			t.Errorf("CheckSize(%q): %q", c.view, r.errs)
		}
		r = &recorder{TB: t}
		CheckExactSize(r, c.view, 4, 2)
		if len(r.errs) != c.exact {
			t.Errorf("CheckExactSize(%q): %q", c.view, r.errs)
		}
	}
}

func TestContainsLacks(t *testing.T) {
	screen := "one two\nthree  \n"
	r := &recorder{TB: t}
	if !Contains(r, screen, "one", "two\nthree") || len(r.errs)+len(r.logs) != 0 {
		t.Errorf("Contains of what is there: %q %q", r.errs, r.logs)
	}
	if Contains(r, screen, "one", "four", "five") || len(r.errs) != 2 || len(r.logs) != 1 ||
		!strings.Contains(r.errs[1], `"five"`) || strings.HasSuffix(r.logs[0], " ") {
		t.Errorf("Contains of what is not: %q %q", r.errs, r.logs)
	}
	r = &recorder{TB: t}
	if !Lacks(r, screen, "four") || len(r.errs)+len(r.logs) != 0 {
		t.Errorf("Lacks of what is not there: %q %q", r.errs, r.logs)
	}
	if Lacks(r, screen, "four", "three") || len(r.errs) != 1 || len(r.logs) != 1 {
		t.Errorf("Lacks of what is: %q %q", r.errs, r.logs)
	}
}

type tick struct{}
type answer int
type note string

// counter is a model that answers itself: each answer n below 3 asks for n+1
// together with a note and a tick.
type counter struct{ seen []int }

func (c counter) Update(msg tea.Msg) (counter, tea.Cmd) {
	switch msg := msg.(type) {
	case answer:
		c.seen = append(c.seen, int(msg))
		if msg < 3 {
			return c, tea.Batch(send(msg+1), send(note(fmt.Sprint("after ", msg))), send(tick{}))
		}
	case tea.KeyMsg:
		return c, send(note(msg.String()))
	}
	return c, nil
}

func send(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

func TestLoop(t *testing.T) {
	loop := Loop[counter]{Own: Is[answer], Skip: Is[tick]}
	m, out := loop.Drain(counter{}, tea.Batch(send(answer(1)), nil, send(note("first"))))
	if !slices.Equal(m.seen, []int{1, 2, 3}) {
		t.Errorf("fed %v", m.seen)
	}
	if want := []tea.Msg{note("first"), note("after 1"), note("after 2")}; !slices.Equal(out, want) {
		t.Errorf("out %v, want %v", out, want)
	}
	if got := loop.Collect(tea.Batch(send(answer(1)), send(tick{}))); !slices.Equal(got, []tea.Msg{answer(1)}) {
		t.Errorf("collect %v", got)
	}
	if got := Collect(send(tick{}), nil); !slices.Equal(got, []tea.Msg{tick{}}) {
		t.Errorf("collect without skip %v", got)
	}
	_, out = loop.Press(m, "enter", "alt+x")
	if want := []tea.Msg{note("enter"), note("alt+x")}; !slices.Equal(out, want) {
		t.Errorf("press %v", out)
	}
	_, out = loop.Type(m, "hé ")
	if want := []tea.Msg{note("h"), note("é"), note(" ")}; !slices.Equal(out, want) {
		t.Errorf("type %v", out)
	}
	if n := Of[note](append(out, answer(1), tick{})); len(n) != 3 || n[2] != " " {
		t.Errorf("Of %v", n)
	}
	if Of[answer](out) != nil {
		t.Error("Of of none is not nil")
	}
}
