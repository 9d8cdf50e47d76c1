// Package termimg shows photos in the terminal: as coloured half-blocks anywhere with
// colour (blocks.go), and as the photo itself where the terminal draws pictures, by the
// kitty graphics protocol, iTerm2's inline images or sixel. Which one is learnt by
// asking the terminal once, right after the program takes it, its answers taken out
// of the program's input (query.go, lazy.go); the
// pictures are encoded off the event loop (encode.go) and drawn by a Painter that sits
// between Bubble Tea's renderer and the terminal (painter.go).
package termimg

import (
	"fmt"
	"strings"
)

// Protocol is how the terminal is given a picture.
type Protocol int

const (
	Blocks Protocol = iota // coloured "▀" cells, through the renderer like any text
	Kitty                  // the kitty graphics protocol (kitty, Ghostty, WezTerm, Konsole)
	ITerm                  // iTerm2's inline images, OSC 1337 (iTerm2, WezTerm)
	Sixel                  // DEC sixel (foot, xterm -ti vt340, Windows Terminal, tmux 3.4+)
)

func (p Protocol) String() string {
	switch p {
	case Kitty:
		return "kitty"
	case ITerm:
		return "iterm2"
	case Sixel:
		return "sixel"
	}
	return "blocks"
}

// Caps is what the terminal can draw, as detected once at start.
type Caps struct {
	Protocol Protocol
	// CellW and CellH are a cell's size in pixels, as the terminal said (CSI 16 t);
	// 0 when it did not. Sixel draws pixels, so it needs them; kitty and iTerm2 are
	// told the box in cells and scale the picture themselves.
	CellW, CellH int
}

// defaultCell is the cell size assumed to choose how many pixels a kitty or iTerm2
// picture is sent with when the terminal did not say: a common 10×20 px cell.
const defaultCellW, defaultCellH = 10, 20

// cell returns the cell size in pixels, the default when unknown.
func (c Caps) cell() (int, int) {
	if c.CellW > 0 && c.CellH > 0 {
		return c.CellW, c.CellH
	}
	return defaultCellW, defaultCellH
}

// Mode is the setting: "auto" asks the terminal, "off" keeps half-blocks; a protocol's
// name forces it without asking (for a terminal that answers wrongly, or none).
type Mode string

const (
	Auto Mode = "auto"
	Off  Mode = "off"
)

// ParseMode reads the setting (config tui.images, LISTINGS_IMAGES); "" is auto.
func ParseMode(s string) (Mode, error) {
	switch v := strings.ToLower(strings.TrimSpace(s)); v {
	case "", "auto":
		return Auto, nil
	case "off", "blocks", "0", "false", "no":
		return Off, nil
	case "kitty", "iterm2", "sixel":
		return Mode(v), nil
	}
	return "", fmt.Errorf("%q is not a way to show photos: auto, off, kitty, iterm2 or sixel", s)
}

// forced returns the protocol a mode names, and whether it names one.
func (m Mode) forced() (Protocol, bool) {
	switch m {
	case Off:
		return Blocks, true
	case "kitty":
		return Kitty, true
	case "iterm2":
		return ITerm, true
	case "sixel":
		return Sixel, true
	}
	return Blocks, false
}
