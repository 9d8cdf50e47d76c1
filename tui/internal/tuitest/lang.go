package tuitest

import "strings"

// ViewSizes are the sizes a view is drawn at for the goldens of each language: a
// terminal of 80×24 and one of 60×15, less the root's header and footer.
var ViewSizes = []struct {
	Name string
	W, H int
}{{"80x24", 80, 22}, {"60x15", 60, 13}}

// Flat is a screen's text with a dialog's borders gone and its lines joined, runs of
// spaces as one: a sentence the dialog wraps reads whole in it, one it cuts does not.
func Flat(screen string) string {
	screen = strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(screen)
	return strings.Join(strings.Fields(screen), " ")
}

// Pages is every page of a scrolled view: its screen, then after each of up to n
// presses of next (pgdown), so that a test reads all of what it says.
func Pages[M interface{ View() string }](m M, n int, next func(M) M) string {
	all := []string{Screen(m)}
	for range n {
		m = next(m)
		all = append(all, Screen(m))
	}
	return strings.Join(all, "\n")
}
