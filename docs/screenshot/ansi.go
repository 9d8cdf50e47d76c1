package main

import (
	"fmt"
	"html"
	"strconv"
	"strings"
)

// Default colours of the page: a dark terminal, as the TUI assumes under tmux.
const (
	defaultFG = "#d4d4d4"
	defaultBG = "#16161e"
)

// pen is the SGR state of a cell.
type pen struct {
	fg, bg                                       string
	bold, faint, italic, underline, reverse, cut bool
}

// toHTML renders text with SGR escape sequences (as `tmux capture-pane -e` prints it)
// as HTML spans; every other escape sequence is dropped.
func toHTML(ansi string) string {
	var b strings.Builder
	var p pen
	var run strings.Builder
	flush := func() {
		if run.Len() == 0 {
			return
		}
		if style := p.css(); style != "" {
			fmt.Fprintf(&b, `<span style="%s">%s</span>`, style, html.EscapeString(run.String()))
		} else {
			b.WriteString(html.EscapeString(run.String()))
		}
		run.Reset()
	}
	for i := 0; i < len(ansi); i++ {
		c := ansi[i]
		if c != 0x1b {
			run.WriteByte(c)
			continue
		}
		if i+1 >= len(ansi) {
			break // a cut sequence
		}
		switch ansi[i+1] {
		case '[': // CSI: parameters, then a final byte in 0x40–0x7e
			j := i + 2
			for j < len(ansi) && (ansi[j] < 0x40 || ansi[j] > 0x7e) {
				j++
			}
			if j < len(ansi) && ansi[j] == 'm' {
				flush()
				p.apply(ansi[i+2 : j])
			}
			i = j
		case ']': // OSC, up to BEL or ST
			j := i + 2
			for j < len(ansi) && ansi[j] != 0x07 && !(ansi[j] == 0x1b && j+1 < len(ansi) && ansi[j+1] == '\\') {
				j++
			}
			if j < len(ansi) && ansi[j] == 0x1b {
				j++
			}
			i = j
		default:
			i++
		}
	}
	flush()
	return b.String()
}

// apply reads one SGR parameter list ("1;38;2;255;0;0").
func (p *pen) apply(params string) {
	if params == "" {
		*p = pen{}
		return
	}
	f := strings.Split(params, ";")
	for k := 0; k < len(f); k++ {
		n, _ := strconv.Atoi(f[k])
		switch {
		case n == 0:
			*p = pen{}
		case n == 1:
			p.bold = true
		case n == 2:
			p.faint = true
		case n == 3:
			p.italic = true
		case n == 4:
			p.underline = true
		case n == 7:
			p.reverse = true
		case n == 9:
			p.cut = true
		case n == 22:
			p.bold, p.faint = false, false
		case n == 23:
			p.italic = false
		case n == 24:
			p.underline = false
		case n == 27:
			p.reverse = false
		case n == 29:
			p.cut = false
		case n >= 30 && n <= 37:
			p.fg = xterm(n - 30)
		case n >= 90 && n <= 97:
			p.fg = xterm(n - 90 + 8)
		case n >= 40 && n <= 47:
			p.bg = xterm(n - 40)
		case n >= 100 && n <= 107:
			p.bg = xterm(n - 100 + 8)
		case n == 39:
			p.fg = ""
		case n == 49:
			p.bg = ""
		case n == 38 || n == 48:
			c, used := extended(f[k+1:])
			k += used
			if n == 38 {
				p.fg = c
			} else {
				p.bg = c
			}
		}
	}
}

// extended reads "5;N" or "2;R;G;B" after 38 or 48 and says how many fields it used.
func extended(f []string) (string, int) {
	num := func(i int) int {
		if i >= len(f) {
			return 0
		}
		n, _ := strconv.Atoi(f[i])
		return min(max(n, 0), 255)
	}
	if len(f) == 0 {
		return "", 0
	}
	switch f[0] {
	case "5":
		return xterm(num(1)), 2
	case "2":
		return fmt.Sprintf("#%02x%02x%02x", num(1), num(2), num(3)), 4
	}
	return "", 1
}

// xterm is the colour of a 256-colour palette index.
func xterm(n int) string {
	base := [16]string{"#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
		"#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"}
	switch {
	case n < 16:
		return base[n]
	case n < 232:
		n -= 16
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + v*40
		}
		return fmt.Sprintf("#%02x%02x%02x", level(n/36), level(n/6%6), level(n%6))
	default:
		v := 8 + (n-232)*10
		return fmt.Sprintf("#%02x%02x%02x", v, v, v)
	}
}

func (p pen) css() string {
	fg, bg := p.fg, p.bg
	if p.reverse {
		fg, bg = or(bg, defaultBG), or(fg, defaultFG)
	}
	var s []string
	if fg != "" {
		s = append(s, "color:"+fg)
	}
	if bg != "" {
		s = append(s, "background:"+bg)
	}
	if p.bold {
		s = append(s, "font-weight:bold")
	}
	if p.faint {
		s = append(s, "opacity:.6")
	}
	if p.italic {
		s = append(s, "font-style:italic")
	}
	switch {
	case p.underline && p.cut:
		s = append(s, "text-decoration:underline line-through")
	case p.underline:
		s = append(s, "text-decoration:underline")
	case p.cut:
		s = append(s, "text-decoration:line-through")
	}
	return strings.Join(s, ";")
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
