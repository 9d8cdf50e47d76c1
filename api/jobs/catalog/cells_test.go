package catalog

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/jobs/sheet"
)

// Yes/no cells as LibreOffice, openpyxl, pandas and people in three languages write
// them, the formulas with or without their value included.
func TestReadBool(t *testing.T) {
	for in, want := range map[string]bool{
		"TRUE": true, "true": true, "=TRUE()": true, "TRUE()": true, "ИСТИНА": true, "ІСТИНА": true, "так": true, "1": true, "1.0": true, "yes": true,
		"FALSE": false, "БРЕХНЯ": false, "=FALSE()": false, "FALSE()": false, "ЛОЖЬ": false, "ХИБНІСТЬ": false, "ні": false, "0": false, "0.0": false, "No": false,
	} {
		b := &rowBuild{}
		got, ok := b.readBool("hide_phone", in)
		if !ok || got != want || len(b.Problems) > 0 {
			t.Errorf("readBool(%q) = %v %v %v", in, got, ok, b.Problems)
		}
	}
	b := &rowBuild{}
	if _, ok := b.readBool("hide_phone", "maybe"); ok || len(b.Problems) != 1 {
		t.Errorf("maybe: %v", b.Problems)
	}
}

func TestReadCurrency(t *testing.T) {
	for in, want := range map[string]string{"UAH": "UAH", "uah": "UAH", "грн": "UAH", "ГРН": "UAH", "₴": "UAH", "$": "USD", "€": "EUR", "євро": "EUR"} {
		b := &rowBuild{}
		if got, ok := b.readCurrency("currency", in); !ok || got != want {
			t.Errorf("readCurrency(%q) = %q %v", in, got, ok)
		}
		if fixed := len(b.Fixes) == 1; fixed != (in != want) {
			t.Errorf("readCurrency(%q): fixes %v", in, b.Fixes)
		}
	}
	if _, ok := (&rowBuild{}).readCurrency("currency", "PLN"); ok {
		t.Error("PLN read")
	}
}

// What a spreadsheet made of a number is refused with what happened; a percentage is
// read as the percent typed.
func TestReadNumberAndPrice(t *testing.T) {
	pct := &rowBuild{kinds: map[string]sheet.CellKind{"attr.battery_health": sheet.KindPercent}}
	if got, ok := pct.readNumber("attr.battery_health", "85%"); !ok || got != "85" || len(pct.Fixes) != 1 || pct.Fixes[0].Why != whyPercent {
		t.Errorf("85%% cell: %q %v %v", got, ok, pct.Fixes)
	}
	if got, ok := (&rowBuild{}).readNumber("attr.year", "2021.0"); !ok || got != "2021" {
		t.Errorf("2021.0: %q", got)
	}
	for _, c := range []struct {
		v    string
		kind sheet.CellKind
		want string
	}{
		{"15.06.26", 0, "is a date"},
		{"2026-06-15", sheet.KindDate, "is a date"},
		{"=A1*2", sheet.KindFormula, "whose value the file does not keep"},
		{"#VALUE!", sheet.KindError, "error #VALUE!"},
	} {
		b := &rowBuild{kinds: map[string]sheet.CellKind{"price": c.kind}}
		if _, ok := b.readPrice("price", c.v); ok || len(b.Problems) != 1 || !strings.Contains(b.Problems[0].Reason, c.want) {
			t.Errorf("price %q: %v", c.v, b.Problems)
		}
	}
	if got := percentOf("0.85"); got != "85" {
		t.Errorf("percentOf(0.85) = %q", got)
	}
	if got := percentOf("0.125"); got != "12.5" {
		t.Errorf("percentOf(0.125) = %q", got)
	}
}

// A sheet saved in Windows-1251 writes "?" for what that character set cannot hold:
// that is a loss, not an edit of the title.
func TestLossyWindows1251(t *testing.T) {
	for _, c := range []struct {
		cell, have string
		want       bool
	}{
		{"Гантелі розбірні 2?20 кг", "Гантелі розбірні 2×20 кг", true},
		{"Ламінат 18 м?", "Ламінат 18 м²", true},
		{"Гантелі розбірні 2x20 кг", "Гантелі розбірні 2×20 кг", false}, // an x typed: an edit
		{"Гантелі ?озбірні 2×20 кг", "Гантелі розбірні 2×20 кг", false}, // р is in Windows-1251
		{"Гантелі 2?20", "Гантелі розбірні 2×20 кг", false},
	} {
		if got := lossy(c.cell, c.have); got != c.want {
			t.Errorf("lossy(%q, %q) = %v", c.cell, c.have, got)
		}
	}
}
