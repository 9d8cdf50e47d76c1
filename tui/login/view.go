package login

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/listings-tui/listings/internal/i18n"

	"github.com/listings-tui/listings/tui/layout"
	"github.com/listings-tui/listings/tui/theme"
)

// fieldIndent is the width of a label column ("› API key   ").
const fieldIndent = 12

// errLines caps how many lines one inline error may take on a small terminal.
const errLines = 3

// View renders the form within the size given by SetSize.
func (m Model) View() string {
	w := max(m.width, 20)
	var out []string
	var optional []int // indexes of lines that go first when the height is short
	add := func(s string) { out = append(out, s) }
	addOptional := func(s string) { optional = append(optional, len(out)); out = append(out, s) }

	title := i18n.T("login.title")
	if m.cfg.Store == nil {
		title = i18n.T("login.title_key_only")
	}
	add(theme.Title.Render(title))
	if m.cfg.Reason != "" {
		for _, l := range m.wrap(theme.WarningMark+" "+m.cfg.Reason, w, theme.Warning) {
			add(l)
		}
	}
	addOptional("")

	add(m.fieldLine(fieldURL, i18n.T("login.field.url"), m.url.View()))
	m.addErr(&out, fieldURL, w)
	add(m.fieldLine(fieldKey, i18n.T("login.field.key"), m.key.View()))
	m.addErr(&out, fieldKey, w)
	if m.cfg.Store != nil {
		add(m.fieldLine(fieldProfile, i18n.T("login.field.profile"), m.name.View()))
		m.addErr(&out, fieldProfile, w)
	}
	if m.offerInsecure {
		m.addErr(&out, fieldInsecure, w)
		box := "[ ]"
		if m.insecure {
			box = "[x]"
		}
		add(m.fieldLine(fieldInsecure, "", box+" "+i18n.T("login.insecure")))
	}
	addOptional("")
	add(m.buttons())

	switch {
	case m.busy:
		label := i18n.T("login.checking")
		if m.button == buttonSandbox && m.focus == fieldButtons {
			label = i18n.T("login.starting_sandbox")
		}
		add(m.spinner.View() + " " + theme.Muted.Render(label))
	case m.general != "":
		for _, l := range m.wrap(theme.ErrorMark+" "+m.general, w, theme.Danger) {
			add(l)
		}
	}
	if m.cfg.Store != nil {
		addOptional(theme.Faint.Render(i18n.T("login.note.keyring")))
	} else {
		addOptional(theme.Faint.Render(i18n.T("login.note.memory")))
	}

	// Short of height: drop the spacing and the footnote first, then cut.
	if len(out) > m.height && m.height > 0 {
		for i := len(optional) - 1; i >= 0 && len(out) > m.height; i-- {
			out = append(out[:optional[i]], out[optional[i]+1:]...)
		}
		if len(out) > m.height {
			out = out[:m.height]
		}
	}
	for i, l := range out {
		out[i] = ansi.Truncate(l, w, theme.Ellipsis)
	}
	return strings.Join(out, "\n")
}

func (m Model) fieldLine(f field, label, input string) string {
	marker := "  "
	style := theme.Muted
	if m.focus == f {
		marker = theme.Cursor + " "
		style = theme.Key
	}
	return marker + style.Render(layout.Pad(label, fieldIndent-2)) + input
}

func (m Model) addErr(out *[]string, f field, w int) {
	msg, ok := m.errs[f]
	if !ok || msg == "" {
		return
	}
	lines := m.wrap(theme.ErrorMark+" "+msg, w-fieldIndent, theme.Danger)
	if len(lines) > errLines {
		lines = lines[:errLines]
		lines[errLines-1] = ansi.Truncate(lines[errLines-1], w-fieldIndent-1, "") + theme.Ellipsis
	}
	for _, l := range lines {
		*out = append(*out, strings.Repeat(" ", fieldIndent)+l)
	}
}

func (m Model) buttons() string {
	render := func(b button, label string) string {
		if m.focus == fieldButtons && m.button == b {
			return theme.Selected.Render("[ " + label + " ]")
		}
		return theme.Muted.Render("  " + label + "  ")
	}
	s := strings.Repeat(" ", fieldIndent) + render(buttonLogin, i18n.T("login.button.login"))
	if m.cfg.Sandbox != nil {
		s += "  " + render(buttonSandbox, i18n.T("login.button.sandbox"))
	}
	return s
}

// wrap word-wraps plain text to width and styles each line.
func (m Model) wrap(s string, width int, style lipgloss.Style) []string {
	width = max(width, 10)
	lines := strings.Split(ansi.Wordwrap(s, width, " "), "\n")
	for i, l := range lines {
		lines[i] = style.Render(ansi.Truncate(l, width, ""))
	}
	return lines
}
