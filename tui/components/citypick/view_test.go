package citypick

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

func TestGoldenResults(t *testing.T) {
	m := picker(newFake(), "uk")
	m.SetChosen(kyivRef, "м. Київ, Київська обл.")
	m, _ = find(t, m, "ки")
	m, _ = loop.Press(m, "down")
	tuitest.CheckExactSize(t, m.View(), 80, 24)
	golden.RequireEqual(t, []byte(tuitest.Screen(m)))
}

// states walks the picker through every state at one size and checks each screen.
func states(t *testing.T, w, h int, check func(name string, m Model)) {
	t.Helper()
	f := newFake()
	for i := range 40 { // more places than fit, to scroll
		f.cities = append(f.cities, api.City{Ref: fmt.Sprintf("ref-%02d", i), Name: fmt.Sprintf("Кипарисове %d", i),
			Type: "с.", Region: "Дуже довга назва області, що не вміщується", Warehouses: i * 1000,
			Label: fmt.Sprintf("с. Кипарисове %d, Дуже довга назва області, що не вміщується в рядок", i)})
	}
	m := picker(f, "uk")
	m.SetSize(w, h)
	m.SetChosen(kyivRef, strings.Repeat("дуже довга назва ", 10))
	check("hint", m)
	m, out := loop.Type(m, "кип")
	check("searching", m)
	m, _ = settle(t, m, out)
	check("results", m)
	m, _ = loop.Press(m, "pgdown", "pgdown", "down")
	check("scrolled", m)
	m, out = loop.Type(m, "z")
	check("searching over old rows", m)
	m, _ = settle(t, m, out)
	check("no results", m)
	f.err = &api.UnreachableError{URL: "https://api.example.test", Err: errors.New("dial tcp: connection refused")}
	m, _ = find(t, m, "q")
	check("error", m)
}

func TestSmallTerminal(t *testing.T) {
	states(t, 60, 15, func(name string, m Model) {
		t.Run(name, func(t *testing.T) { tuitest.CheckExactSize(t, m.View(), 60, 15) })
		if name == "scrolled" {
			tuitest.Contains(t, tuitest.Screen(m), "›", "warehouses")
		}
	})
}

func TestLargeTerminal(t *testing.T) {
	states(t, 250, 70, func(name string, m Model) {
		t.Run(name, func(t *testing.T) { tuitest.CheckExactSize(t, m.View(), 250, 70) })
	})
}

func TestTinyArea(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {2, 10}, {20, 3}, {30, 5}, {40, 8}} {
		states(t, sz[0], sz[1], func(name string, m Model) {
			t.Run(fmt.Sprint(name, sz), func(t *testing.T) { tuitest.CheckExactSize(t, m.View(), sz[0], sz[1]) })
		})
	}
}

func TestSelectedRowMarkedWithoutColour(t *testing.T) {
	m := picker(newFake(), "uk")
	m.SetSize(60, 15)
	m, _ = find(t, m, "ки")
	m, _ = loop.Press(m, "down")
	lines := strings.Split(tuitest.Screen(m), "\n")
	marked := 0
	for _, ln := range lines[3:] {
		if strings.HasPrefix(ln, "› ") {
			marked++
			if !strings.Contains(ln, "Кам'янець-Подільський") {
				t.Fatalf("marker on %q", ln)
			}
		}
	}
	if marked != 1 {
		t.Fatalf("%d rows marked:\n%s", marked, tuitest.Screen(m))
	}
}
