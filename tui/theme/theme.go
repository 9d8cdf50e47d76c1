// Package theme owns every colour, style and symbol of the TUI, so that views stay
// free of styling decisions and NO_COLOR, light and dark terminals are handled in one
// place. The colours are a Palette of roles (palette.go), one of dark, light and ansi,
// chosen once at start (Use). Meaning is never carried by colour alone: every status
// has a symbol and a word, and the selected row has a marker as well as a highlight
// (TestMarkersWithoutColour).
package theme

import (
	"io"
	"strconv"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/lipgloss"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
)

// Styles used across views. They are values: a view may derive from one with
// .Width() or .Inherit() without changing it for the others. Use sets them all from a
// palette before the first view is built, so a view may keep one it derived; nothing
// derives from them at package level, since that would keep the default palette.
var (
	App        lipgloss.Style
	Title      lipgloss.Style
	Heading    lipgloss.Style
	Muted      lipgloss.Style
	Faint      lipgloss.Style
	Key        lipgloss.Style
	Label      lipgloss.Style
	Value      lipgloss.Style
	Link       lipgloss.Style
	Success    lipgloss.Style
	Warning    lipgloss.Style
	Danger     lipgloss.Style
	Badge      lipgloss.Style
	VIPBadge   lipgloss.Style
	TopBadge   lipgloss.Style
	Stale      lipgloss.Style
	Marked     lipgloss.Style
	Border     lipgloss.Style
	Dialog     lipgloss.Style
	TabActive  lipgloss.Style
	Tab        lipgloss.Style
	Header     lipgloss.Style
	Selected   lipgloss.Style
	Footer     lipgloss.Style
	Banner     lipgloss.Style
	BannerHint lipgloss.Style
	Notice     lipgloss.Style
)

// Symbols that carry meaning without colour.
const (
	Cursor      = "›"
	ErrorMark   = "✖"
	WarningMark = "!"
	OKMark      = "✓"
	Ellipsis    = "…"
	// MarkedMark is a row of the browser marked for a bulk action; a symbol of its
	// own, apart from the status symbols (● ○ ◔ ✖ ✔ ▪) and the cursor.
	MarkedMark = "◆"
)

// current is the palette in use; statusStyle its status colours.
var (
	current     Palette
	statusStyle map[api.Status]lipgloss.Style
)

// The default is Dark, termenv's own guess for a terminal that does not say: tests and
// anything built before Use draw with it.
func init() { build(darkPalette) }

// Use makes p the palette of every style. Run calls it once, before the program
// starts and before any view is built; it also tells lipgloss which background p is
// for, so that no widget's adaptive colour asks the terminal later (an answer read
// from inside the program can stall under tmux).
func Use(p Palette) {
	lipgloss.SetHasDarkBackground(p.Dark)
	build(p)
}

// Current is the palette in use.
func Current() Palette { return current }

// build sets every style from p, in parts: a lipgloss.Style is a value of some
// 600 bytes and every call of a chain returns a new one, so one function holding them
// all had a frame of 30 KB, and its run at init grew the stack of every start of
// listings (`listings version` too) from 16 to 64 KB, two copies and 12 fresh pages
// (docs/performance.md, "The CLI's start"). Each part's frame fits the stack the
// earlier packages' inits leave.
func build(p Palette) {
	current = p
	buildText(p)
	buildStates(p)
	buildChrome(p)
	buildBars(p)
	buildStatus(p)
}

func buildText(p Palette) {
	App = lipgloss.NewStyle()
	Title = lipgloss.NewStyle().Bold(true).Foreground(p.Accent)
	Heading = lipgloss.NewStyle().Bold(true).Foreground(p.Text)
	Muted = lipgloss.NewStyle().Foreground(p.Muted)
	Faint = lipgloss.NewStyle().Foreground(p.Faint)
	Key = lipgloss.NewStyle().Bold(true).Foreground(p.Accent)
	Label = lipgloss.NewStyle().Foreground(p.Muted).Width(14)
	Value = lipgloss.NewStyle().Foreground(p.Text)
	Link = lipgloss.NewStyle().Foreground(p.Info).Underline(true)
}

func buildStates(p Palette) {
	Success = lipgloss.NewStyle().Foreground(p.Success)
	Warning = lipgloss.NewStyle().Foreground(p.Warning)
	Danger = lipgloss.NewStyle().Foreground(p.Error)
	Badge = lipgloss.NewStyle().Bold(true).Padding(0, 1)
	VIPBadge = Badge.Foreground(p.Promo)
	TopBadge = Badge.Foreground(p.Info)
	Stale = lipgloss.NewStyle().Foreground(p.Stale).Italic(true)
	Marked = lipgloss.NewStyle().Foreground(p.Marked).Bold(true)
}

func buildChrome(p Palette) {
	Border = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.Border).Padding(0, 1)
	Dialog = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(p.Accent).Padding(1, 2)
	TabActive = lipgloss.NewStyle().Bold(true).Foreground(p.Accent).Underline(true).Padding(0, 1)
	Tab = lipgloss.NewStyle().Foreground(p.Muted).Padding(0, 1)
	Header = lipgloss.NewStyle().Bold(true).Foreground(p.Muted)
}

func buildBars(p Palette) {
	Selected = lipgloss.NewStyle().Bold(true).Background(p.SelectionBg).Foreground(p.SelectionFg)
	Footer = lipgloss.NewStyle().Foreground(p.Muted)
	// Banner is the dismissable error line; its text starts with a symbol so it
	// reads as an error without colour.
	Banner = lipgloss.NewStyle().Foreground(p.BannerFg).Background(p.BannerBg).Bold(true).Padding(0, 1)
	BannerHint = lipgloss.NewStyle().Foreground(p.Text).Background(p.BannerBg).Padding(0, 1)
	Notice = lipgloss.NewStyle().Foreground(p.Success).Bold(true).Padding(0, 1)
}

func buildStatus(p Palette) {
	statusStyle = map[api.Status]lipgloss.Style{
		api.StatusActive:   lipgloss.NewStyle().Foreground(p.Active),
		api.StatusInactive: lipgloss.NewStyle().Foreground(p.Inactive),
		api.StatusPending:  lipgloss.NewStyle().Foreground(p.Pending),
		api.StatusBlocked:  lipgloss.NewStyle().Foreground(p.Blocked),
		api.StatusSold:     lipgloss.NewStyle().Foreground(p.Sold),
		api.StatusArchived: lipgloss.NewStyle().Foreground(p.Archived),
	}
}

// Status renders a status as symbol and word, coloured where colour is available.
func Status(s api.Status) string {
	style, ok := statusStyle[s]
	if !ok {
		style = Muted
	}
	return style.Render(format.Status(s))
}

// StaleMark marks data the service could not refresh: a symbol and a word, in the
// interface's language.
func StaleMark() string { return "⟳ " + i18n.T("theme.stale") }

// CurrentTab is the tab or step on screen among others: in brackets, where the other
// tabs have their padding, so it reads without colour or underline and takes the
// width of an other tab.
func CurrentTab(label string) string {
	return TabActive.UnsetPadding().Render("[" + label + "]")
}

// Input is a bubbles text input in the palette's colours: its own defaults are
// 256-colour greys, outside the ansi theme and faint on a light background.
func Input() textinput.Model {
	in := textinput.New()
	in.PlaceholderStyle = Faint
	in.CompletionStyle = Faint
	return in
}

// ProgressColors are the fill and the track of a progress bar; bubbles/progress takes
// colours as strings. The bar's two glyphs tell filled from empty without colour.
func ProgressColors() (full, empty string) {
	return colorString(current.Accent), colorString(current.Border)
}

// colorString is a palette colour as the string lipgloss.Color would be made of; ""
// is the terminal's own colour.
func colorString(c lipgloss.TerminalColor) string {
	switch c := c.(type) {
	case lipgloss.Color:
		return string(c)
	case lipgloss.ANSIColor:
		return strconv.FormatUint(uint64(c), 10)
	}
	return ""
}

// DarkBackground is the terminal's background, for the auto theme. It is not asked
// here: Bubble Tea's init already asked it through lipgloss, for any program of ours,
// before the terminal is taken (bubbletea's tea_init.go), and lipgloss keeps the
// answer; asking again (termenv.HasDarkBackground, another output) would send the
// terminal a second question. termenv asks only a terminal in the foreground, not
// under tmux or screen (it reads COLORFGBG there), follows the question with a cursor
// report every terminal answers, and gives up after termenv.OSCTimeout; its default
// is dark. An output that is not the terminal (out not nil: a test's) is dark.
func DarkBackground(out io.Writer) bool {
	if out != nil {
		return true
	}
	return lipgloss.HasDarkBackground()
}
