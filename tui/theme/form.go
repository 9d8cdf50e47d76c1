package theme

import (
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"
)

// Form is the huh theme of the listing editor, built from this package's colours so
// the form matches the rest of the app (and loses its colours with NO_COLOR like
// everything else). Fields are one line apart, not two: a form of a dozen
// attributes must stay readable at 80×24.
func Form() *huh.Theme {
	t := huh.ThemeBase()
	t.FieldSeparator = lipgloss.NewStyle().SetString("\n")

	f := &t.Focused
	f.Base = f.Base.BorderForeground(accent)
	f.Card = f.Base
	f.Title = f.Title.Foreground(accent).Bold(true)
	f.NoteTitle = f.NoteTitle.Foreground(accent).Bold(true)
	f.Directory = f.Directory.Foreground(accent)
	f.Description = f.Description.Foreground(subtle)
	f.ErrorIndicator = f.ErrorIndicator.Foreground(red)
	f.ErrorMessage = f.ErrorMessage.Foreground(red)
	f.SelectSelector = f.SelectSelector.Foreground(accent)
	f.NextIndicator = f.NextIndicator.Foreground(accent)
	f.PrevIndicator = f.PrevIndicator.Foreground(accent)
	f.Option = f.Option.Foreground(text)
	f.SelectedOption = f.SelectedOption.Foreground(green)
	f.SelectedPrefix = f.SelectedPrefix.Foreground(green)
	f.UnselectedOption = f.UnselectedOption.Foreground(text)
	f.FocusedButton = f.FocusedButton.Foreground(lipgloss.Color("0")).Background(accent).Bold(true)
	f.BlurredButton = f.BlurredButton.Foreground(text).Background(faint)
	f.TextInput.Cursor = f.TextInput.Cursor.Foreground(accent)
	f.TextInput.Placeholder = f.TextInput.Placeholder.Foreground(faint)
	f.TextInput.Prompt = f.TextInput.Prompt.Foreground(accent)

	t.Blurred = *f
	b := &t.Blurred
	b.Base = b.Base.BorderStyle(lipgloss.HiddenBorder())
	b.Card = b.Base
	b.Title = b.Title.Foreground(text).Bold(false)
	b.NextIndicator = lipgloss.NewStyle()
	b.PrevIndicator = lipgloss.NewStyle()
	// A blurred select still marks its choice with a symbol, not with colour alone:
	// under NO_COLOR the colour is gone.
	b.SelectSelector = lipgloss.NewStyle().Foreground(green).SetString("✓ ")
	return t
}
