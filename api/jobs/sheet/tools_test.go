package sheet

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReadToolsWorkbooks reads what LibreOffice and openpyxl made of shop.csv and
// formulas.csv (testdata/tools/make.sh).
func TestReadToolsWorkbooks(t *testing.T) {
	type cell struct {
		v    string
		kind CellKind
	}
	shop := map[int]map[string]cell{
		2: {"title": {"Оренда квартири", 0}, "hide_phone": {"true", 0}, "contact_phone": {"380501234567", 0},
			"attr.discount": {"85%", KindPercent}, "attr.time": {"23:24", KindDate}, "created_at": {"2026-11-20 10:00", KindDate}, "attr.size": {"15.6", 0}},
		3: {"price": {"1234.5", 0}, "hide_phone": {"false", 0}, "attr.discount": {"12.5%", KindPercent}, "attr.time": {"23:24:05", KindDate}},
		4: {"hide_phone": {"false", 0}, "created_at": {"2026-11-22", KindDate}},
	}
	formulas := map[int]map[string]cell{
		2: {"title": {"Стіл", 0}, "hide_phone": {"false", 0}, "price": {"3000", 0}},
		3: {"hide_phone": {"true", 0}, "price": {"2", 0}},
	}
	resaved := map[int]map[string]cell{
		2: {"hide_phone": {"false", 0}, "price": {"=2*1500", KindFormula}},
		3: {"hide_phone": {"true", 0}, "price": {"=1+1", KindFormula}},
	}
	openpyxlNote := "2 cells held TRUE()/FALSE() formulas without a saved value (a sheet re-saved by openpyxl): read from the formula"
	for _, c := range []struct {
		file  string
		want  map[int]map[string]cell
		notes []string
	}{
		{"shop-libreoffice.xlsx", shop, nil},
		{"shop-openpyxl.xlsx", shop, nil},
		{"formulas-libreoffice.xlsx", formulas, nil},
		{"formulas-openpyxl.xlsx", resaved, []string{openpyxlNote}},
	} {
		tab, err := Read(filepath.Join("testdata", "tools", c.file), XLSX)
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if strings.Join(tab.Notes, "|") != strings.Join(c.notes, "|") {
			t.Errorf("%s: notes %q, want %q", c.file, tab.Notes, c.notes)
		}
		for _, r := range tab.Rows {
			for col, w := range c.want[r.Line] {
				if r.Cells[col] != w.v || r.Kinds[col] != w.kind {
					t.Errorf("%s row %d %s: %q (%v), want %q (%v)", c.file, r.Line, col, r.Cells[col], r.Kinds[col], w.v, w.kind)
				}
			}
		}
	}
	tab, err := Read(filepath.Join("testdata", "tools", "shop-1251.csv"), CSV)
	if err != nil || tab.Rows[1].Cells["title"] != "Велосипед «Дніпро»" || len(tab.Notes) != 1 || !strings.HasPrefix(tab.Notes[0], "read as Windows-1251") {
		t.Errorf("LibreOffice's CSV in Windows-1251: %v %+v", err, tab)
	}
	_, err = Read(filepath.Join("testdata", "tools", "shop-latin1.xlsx"), XLSX)
	if err == nil || !strings.Contains(err.Error(), `the header "ï»¿id"`) || !strings.Contains(err.Error(), "UTF-8 read as Latin-1") {
		t.Errorf("soffice without --infilter: %v", err)
	}
}
