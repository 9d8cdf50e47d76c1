package theme

import "github.com/listings-tui/listings/api"

// StatusLabel is label (a status's symbol and word, as a view words it in the
// interface's language) in status s's colour, as Status colours its own text.
func StatusLabel(s api.Status, label string) string {
	style, ok := statusStyle[s]
	if !ok {
		style = Muted
	}
	return style.Render(label)
}
