// Package theme owns every colour, style and symbol of the TUI, so that views stay
// free of styling decisions and NO_COLOR, light and dark terminals are handled in one
// place. Meaning is never carried by colour alone: every status has a symbol and a
// word, and the selected row has a marker as well as a highlight.
package theme

import (
	"github.com/listings-tui/listings/api/format"

	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
)

// Adaptive colours: the first of each pair is for light backgrounds.
var (
	accent  = lipgloss.AdaptiveColor{Light: "#5A3FC0", Dark: "#A78BFA"}
	subtle  = lipgloss.AdaptiveColor{Light: "#6B6B6B", Dark: "#8A8A8A"}
	faint   = lipgloss.AdaptiveColor{Light: "#BDBDBD", Dark: "#444444"}
	text    = lipgloss.AdaptiveColor{Light: "#1A1A1A", Dark: "#E6E6E6"}
	green   = lipgloss.AdaptiveColor{Light: "#1B7F3B", Dark: "#4ADE80"}
	yellow  = lipgloss.AdaptiveColor{Light: "#8A6100", Dark: "#FACC15"}
	red     = lipgloss.AdaptiveColor{Light: "#B42318", Dark: "#F87171"}
	blue    = lipgloss.AdaptiveColor{Light: "#1D4ED8", Dark: "#60A5FA"}
	selBg   = lipgloss.AdaptiveColor{Light: "#E9E3FF", Dark: "#2E2552"}
	bannerB = lipgloss.AdaptiveColor{Light: "#FDECEC", Dark: "#3B1418"}
)

// Styles used across views. They are values: a view may derive from one with
// .Width() or .Inherit() without changing it for the others.
var (
	App       = lipgloss.NewStyle()
	Title     = lipgloss.NewStyle().Bold(true).Foreground(accent)
	Heading   = lipgloss.NewStyle().Bold(true).Foreground(text)
	Muted     = lipgloss.NewStyle().Foreground(subtle)
	Faint     = lipgloss.NewStyle().Foreground(faint)
	Key       = lipgloss.NewStyle().Bold(true).Foreground(accent)
	Label     = lipgloss.NewStyle().Foreground(subtle).Width(14)
	Value     = lipgloss.NewStyle().Foreground(text)
	Link      = lipgloss.NewStyle().Foreground(blue).Underline(true)
	Success   = lipgloss.NewStyle().Foreground(green)
	Warning   = lipgloss.NewStyle().Foreground(yellow)
	Danger    = lipgloss.NewStyle().Foreground(red)
	Badge     = lipgloss.NewStyle().Bold(true).Padding(0, 1)
	VIPBadge  = Badge.Foreground(yellow)
	TopBadge  = Badge.Foreground(blue)
	Stale     = lipgloss.NewStyle().Foreground(yellow).Italic(true)
	Border    = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(faint).Padding(0, 1)
	Dialog    = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent).Padding(1, 2)
	TabActive = lipgloss.NewStyle().Bold(true).Foreground(accent).Underline(true).Padding(0, 1)
	Tab       = lipgloss.NewStyle().Foreground(subtle).Padding(0, 1)
	Header    = lipgloss.NewStyle().Bold(true).Foreground(subtle)
	Selected  = lipgloss.NewStyle().Bold(true).Background(selBg).Foreground(text)
	Footer    = lipgloss.NewStyle().Foreground(subtle)
	// Banner is the dismissable error line; its text starts with a symbol so it
	// reads as an error without colour.
	Banner     = lipgloss.NewStyle().Foreground(red).Background(bannerB).Bold(true).Padding(0, 1)
	BannerHint = lipgloss.NewStyle().Foreground(text).Background(bannerB).Padding(0, 1)
	Notice     = lipgloss.NewStyle().Foreground(green).Bold(true).Padding(0, 1)
)

// Symbols that carry meaning without colour.
const (
	Cursor      = "›"
	ErrorMark   = "✖"
	WarningMark = "!"
	OKMark      = "✓"
	StaleMark   = "⟳ stale"
	Ellipsis    = "…"
	// MarkedMark is a row of the browser marked for a bulk action; a symbol of its
	// own, apart from the status symbols (● ○ ◔ ✖ ✔ ▪) and the cursor.
	MarkedMark = "◆"
)

// statusStyle is the colour of a status; its symbol and word are api/format's.
var statusStyle = map[api.Status]lipgloss.Style{
	api.StatusActive:   Success,
	api.StatusInactive: Muted,
	api.StatusPending:  Warning,
	api.StatusBlocked:  Danger,
	api.StatusSold:     lipgloss.NewStyle().Foreground(blue),
	api.StatusArchived: Muted,
}

// Status renders a status as symbol and word, coloured where colour is available.
func Status(s api.Status) string {
	style, ok := statusStyle[s]
	if !ok {
		style = Muted
	}
	return style.Render(format.Status(s))
}

// ProgressColors are the fill and the track of a progress bar; bubbles/progress takes
// colours as strings, so the adaptive pair is resolved here. The bar's two glyphs
// tell filled from empty without colour.
func ProgressColors() (full, empty string) {
	if lipgloss.HasDarkBackground() {
		return accent.Dark, faint.Dark
	}
	return accent.Light, faint.Light
}
