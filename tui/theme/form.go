package theme

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"
)

// Form is the huh theme of the listing editor, built from the palette in use so the
// form matches the rest of the app (and loses its colours with NO_COLOR like
// everything else). Every colour of huh's base theme is replaced: its buttons and
// placeholder are fixed 16-colour pairs, its help adaptive greys. Fields are one line
// apart, not two: a form of a dozen attributes must stay readable at 80×24.
func Form() *huh.Theme {
	p := current
	t := huh.ThemeBase()
	t.FieldSeparator = lipgloss.NewStyle().SetString("\n")
	t.Help = HelpStyles()

	f := &t.Focused
	// The focused field keeps huh's thick left border: its mark without colour.
	f.Base = f.Base.BorderForeground(p.Accent)
	f.Card = f.Base
	f.Title = f.Title.Foreground(p.Accent).Bold(true)
	f.NoteTitle = f.NoteTitle.Foreground(p.Accent).Bold(true)
	f.Directory = f.Directory.Foreground(p.Accent)
	f.File = f.File.Foreground(p.Text)
	f.Description = f.Description.Foreground(p.Muted)
	f.ErrorIndicator = f.ErrorIndicator.Foreground(p.Error)
	f.ErrorMessage = f.ErrorMessage.Foreground(p.Error)
	f.SelectSelector = f.SelectSelector.Foreground(p.Accent)
	f.MultiSelectSelector = f.MultiSelectSelector.Foreground(p.Accent)
	f.NextIndicator = f.NextIndicator.Foreground(p.Accent)
	f.PrevIndicator = f.PrevIndicator.Foreground(p.Accent)
	f.Option = f.Option.Foreground(p.Text)
	f.SelectedOption = f.SelectedOption.Foreground(p.Success)
	f.SelectedPrefix = f.SelectedPrefix.Foreground(p.Success)
	f.UnselectedOption = f.UnselectedOption.Foreground(p.Text)
	// The focused button is in brackets where the other has padding: the same width,
	// and which one enter picks reads without colour.
	f.FocusedButton = f.FocusedButton.Foreground(p.OnAccent).Background(p.Accent).Bold(true).
		Padding(0, 1).Transform(func(s string) string { return "[" + s + "]" })
	f.BlurredButton = f.BlurredButton.Foreground(p.SelectionFg).Background(p.SelectionBg)
	f.TextInput.Cursor = f.TextInput.Cursor.Foreground(p.Accent)
	f.TextInput.Placeholder = f.TextInput.Placeholder.Foreground(p.Faint)
	f.TextInput.Prompt = f.TextInput.Prompt.Foreground(p.Accent)
	f.TextInput.Text = f.TextInput.Text.Foreground(p.Text)

	t.Blurred = *f
	b := &t.Blurred
	b.Base = b.Base.BorderStyle(lipgloss.HiddenBorder())
	b.Card = b.Base
	b.Title = b.Title.Foreground(p.Text).Bold(false)
	b.NextIndicator = lipgloss.NewStyle()
	b.PrevIndicator = lipgloss.NewStyle()
	// A blurred select still marks its choice with a symbol, not with colour alone:
	// under NO_COLOR the colour is gone.
	b.SelectSelector = lipgloss.NewStyle().Foreground(p.Success).SetString("✓ ")
	return t
}

// HelpStyles are the key help's styles in the palette's colours: keys as keys are
// drawn everywhere, their words muted.
func HelpStyles() help.Styles {
	return help.Styles{
		Ellipsis:       Faint,
		ShortKey:       Key,
		ShortDesc:      Muted,
		ShortSeparator: Faint,
		FullKey:        Key,
		FullDesc:       Muted,
		FullSeparator:  Faint,
	}
}
