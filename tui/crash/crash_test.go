package crash

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// unknownKey is key-shaped but never given to the app: the report's shape rule
// must catch it.
const unknownKey = "sk_live_0123456789abcdef0123456789abcdef0123456789abcdef"

// bomb panics where it is told to, with both keys in the panic value.
type bomb struct {
	where string
	armed bool // View panics once set
}

func (b bomb) boom() { panic("boom with " + sandbox.KeyPersonal + " and " + unknownKey) }

func (b bomb) Init() tea.Cmd {
	if b.where == "init" {
		b.boom()
	}
	return nil
}

func (b bomb) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); !ok {
		return b, nil
	}
	switch b.where {
	case "update":
		b.boom()
	case "cmd":
		return b, func() tea.Msg { b.boom(); return nil }
	case "batch":
		return b, tea.Batch(func() tea.Msg { return nil }, func() tea.Msg { b.boom(); return nil })
	case "sequence":
		return b, tea.Sequence(func() tea.Msg { b.boom(); return nil })
	case "view":
		b.armed = true
	}
	return b, nil
}

func (b bomb) View() string {
	if b.armed {
		b.boom()
	}
	return "running"
}

func TestCrashAnywhereRestoresTheTerminalAndReports(t *testing.T) {
	for _, where := range []string{"init", "update", "cmd", "batch", "sequence", "view"} {
		t.Run(where, func(t *testing.T) {
			dir := t.TempDir()
			out := &tuitest.SyncBuffer{}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			// The program's options are the root's (tui.Run): the terminal they set up
			// is the one a crash must give back.
			err := Run(ctx, bomb{where: where}, Report{Dir: dir, Version: "test",
				Secrets: func() []string { return []string{sandbox.KeyPersonal} }},
				tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithReportFocus(),
				tea.WithInput(tuitest.KeyThenWait(t, "x")), tea.WithOutput(out))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("err %v, want a *Error", err)
			}
			if ce.Path == "" || filepath.Dir(ce.Path) != dir || !strings.Contains(ce.Error(), ce.Path) {
				t.Fatalf("report path %q (%v)", ce.Path, ce.Err)
			}
			report, rerr := os.ReadFile(ce.Path)
			if rerr != nil {
				t.Fatal(rerr)
			}
			text := string(report)
			if !strings.Contains(text, "panic: boom with sk_…REDACTED and sk_…REDACTED") || !strings.Contains(text, "version: test") {
				t.Errorf("report:\n%s", text)
			}
			if strings.Contains(text, sandbox.KeyPersonal[8:]) || strings.Contains(text, unknownKey[8:]) {
				t.Error("a key is in the report")
			}
			if fi, _ := os.Stat(ce.Path); fi.Mode().Perm() != 0o600 {
				t.Errorf("report mode %v", fi.Mode().Perm())
			}
			// The terminal is given back: the alternate screen left after it was
			// entered, the cursor shown, mouse reporting off.
			term := out.String()
			enter, leave := strings.Index(term, "\x1b[?1049h"), strings.LastIndex(term, "\x1b[?1049l")
			if enter < 0 || leave < enter {
				t.Errorf("alt screen not left: %q", term)
			}
			for _, seq := range []string{"\x1b[?25h", "\x1b[?1002l"} {
				if enter < 0 || !strings.Contains(term[enter:], seq) {
					t.Errorf("terminal output lacks %q", seq)
				}
			}
			if strings.Contains(term, "boom") {
				t.Error("the panic was printed to the terminal")
			}
		})
	}
}

func TestCrashReportsDoNotOverwrite(t *testing.T) {
	dir := t.TempDir()
	rec := &recorder{}
	rec.record("x", []byte("stack"))
	p1, err1 := rec.writeReport(dir, "v", nil)
	p2, err2 := rec.writeReport(dir, "v", nil)
	if err1 != nil || err2 != nil || p1 == p2 {
		t.Fatalf("%q %v, %q %v", p1, err1, p2, err2)
	}
	if _, err := (&recorder{}).writeReport(dir, "v", nil); err == nil {
		t.Error("a report without a panic")
	}
}

// The keys to redact are gathered as the app learns them; an empty one is none, and
// the list handed out is a copy.
func TestSecretsGathered(t *testing.T) {
	var s Secrets
	s.Add("")
	s.Add(sandbox.KeyPersonal)
	got := s.List()
	got[0] = "changed"
	if l := s.List(); len(l) != 1 || l[0] != sandbox.KeyPersonal {
		t.Fatalf("secrets %q", l)
	}
}
