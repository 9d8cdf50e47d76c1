package catalog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
)

// Two pairs of columns say one thing each: category (or an export's category_path)
// and category_id; city and city_ref. An export writes both, and a person edits the
// one they read, the name. So the cell that differs from the listing is the user's
// edit and wins; the other is the export's unchanged copy. When both differ they must
// say the same, or the row is refused naming the two cells.

// pair is what the two cells of a pair say: the column each came from and the value
// it resolves to ("" not given, or the same as the listing's).
type pair struct {
	nameCol, name string // the name's cell and what it resolves to
	refCol, ref   string // the reference's cell and its value
}

// decide is the pair's new value ("" for no change), or a refusal.
func (p pair) decide(b *rowBuild, what, nameCell, refCell string) (col, value string, ok bool) {
	switch {
	case p.name == "" && p.ref == "":
		return "", "", true
	case p.name == "":
		return p.refCol, p.ref, true
	case p.ref == "" || p.ref == p.name:
		return p.nameCol, p.name, true
	}
	b.refuse(p.nameCol, because("pair."+what, "NameCol", p.nameCol, "Name", strconv.Quote(nameCell), "RefCol", p.refCol, "Ref", strconv.Quote(refCell)))
	return "", "", false
}

// place compares the category and the city.
func (d *differ) place(cells map[string]string) error {
	if err := d.category(cells); err != nil {
		return err
	}
	return d.city(cells)
}

// categoryCell is the row's category by path or id: category, else an export's
// category_path.
func categoryCell(cells map[string]string) (col, v string) {
	for _, col := range []string{"category", "category_path"} {
		if v := cells[col]; v != "" {
			return col, v
		}
	}
	return "category", ""
}

func (d *differ) category(cells map[string]string) error {
	col, cell := categoryCell(cells)
	idCell := cells["category_id"]
	if cell == "" && idCell == "" {
		return nil
	}
	if isClear(cell) || isClear(idCell) {
		d.b.refuse(col, because("clear.category"))
		return nil
	}
	l, err := d.full()
	if err != nil {
		return err
	}
	p := pair{nameCol: col, refCol: "category_id"}
	if cell != "" && normPath(cell) != normPath(l.CategoryPath) && cell != strconv.Itoa(l.CategoryID) {
		id, _, problem, err := d.c.tax.category(d.ctx, cell)
		if err != nil {
			return err
		}
		if !problem.OK() {
			d.b.refuse(col, problem)
			return nil
		}
		if id != l.CategoryID {
			p.name = strconv.Itoa(id)
		}
	}
	if idCell != "" && idCell != strconv.Itoa(l.CategoryID) {
		id, _, problem, err := d.c.tax.category(d.ctx, idCell)
		if err != nil {
			return err
		}
		if !problem.OK() {
			d.b.refuse("category_id", problem)
			return nil
		}
		if id != l.CategoryID {
			p.ref = strconv.Itoa(id)
		}
	}
	_, v, ok := p.decide(d.b, "category", cell, idCell)
	if !ok || v == "" {
		return nil
	}
	id, _ := strconv.Atoi(v)
	d.e.CategoryID = api.Set(id)
	_, path, _, _ := d.c.tax.category(d.ctx, v)
	d.change("category_id", labelled(l.CategoryID, l.CategoryPath), labelled(id, path))
	return nil
}

func labelled(id int, path string) string {
	if path == "" {
		return strconv.Itoa(id)
	}
	return fmt.Sprintf("%s (%d)", path, id)
}

func (d *differ) city(cells map[string]string) error {
	cell, refCell := cells["city"], cells["city_ref"]
	if cell == "" && refCell == "" {
		return nil
	}
	if isClear(cell) || isClear(refCell) {
		d.b.refuse("city", because("clear.city"))
		return nil
	}
	listed := ""
	if d.l.City != nil {
		listed = *d.l.City
	}
	p := pair{nameCol: "city", refCol: "city_ref"}
	var label string
	if cell != "" && norm(cell) != norm(listed) && (listed == "" || !strings.HasPrefix(norm(cell), norm(listed)+",")) {
		ref, lbl, problem, err := d.c.cit.city(d.ctx, cell)
		if err != nil {
			return err
		}
		if !problem.OK() {
			d.b.refuse("city", problem)
			return nil
		}
		l, err := d.full()
		if err != nil {
			return err
		}
		if ref != l.CityRef {
			p.name, label = ref, lbl
		}
	}
	if refCell != "" {
		l, err := d.full()
		if err != nil {
			return err
		}
		if !strings.EqualFold(refCell, l.CityRef) {
			if !cityRef().MatchString(refCell) {
				d.b.refuse("city_ref", because("city_ref.invalid", "Value", strconv.Quote(refCell)))
				return nil
			}
			p.ref = strings.TrimSpace(refCell)
			if strings.EqualFold(p.ref, p.name) {
				p.ref = p.name
			}
		}
	}
	_, ref, ok := p.decide(d.b, "city", cell, refCell)
	if !ok || ref == "" {
		return nil
	}
	d.e.CityRef = api.Set(ref)
	if label == "" {
		label = ref
	}
	d.change("city_ref", listed, label)
	return nil
}
