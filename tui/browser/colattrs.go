package browser

import (
	"context"
	"maps"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/tui/termtext"
)

// An attr.<key> column shows a category attribute, which the list view does not
// give: it is read from the details the mirror keeps (a listing opened once, or
// every listing after `listings sync --details`). Without a mirror, or for a
// listing without a detail there, the cell is blank, and the column menu says why.

// AttrMirror is what the attribute columns need of the mirror; *mirror.DB is one. A
// Mirror that is not one leaves them blank.
type AttrMirror interface {
	AttrKeys(ctx context.Context) ([]string, error)
	AttrValues(ctx context.Context, key string) (map[int]string, error)
}

// attrsMsg answers readAttrs: the values of the keys read, and every key known.
type attrsMsg struct {
	vals map[string]map[int]string
	keys []string
	ok   bool
}

// attrSource is the mirror when it can give attributes.
func (m *Model) attrSource() AttrMirror {
	a, _ := m.mir.db.(AttrMirror)
	return a
}

// shownAttrs are the attribute keys of every tab's columns.
func (m *Model) shownAttrs() []string {
	var keys []string
	for i := range m.colTabs {
		for _, c := range m.colTabs[i] {
			if k, ok := strings.CutPrefix(c.id, attrPrefix); ok && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// readAttrs reads the keys the mirror knows and the values of the attributes shown,
// off the Update: at start, after a sync, when the menu opens or a column is added.
func (m *Model) readAttrs() tea.Cmd {
	db := m.attrSource()
	if db == nil {
		return nil
	}
	keys := m.shownAttrs()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
		defer cancel()
		msg := attrsMsg{vals: map[string]map[int]string{}}
		all, err := db.AttrKeys(ctx)
		if err != nil {
			return msg
		}
		for i, k := range all {
			all[i] = termtext.Clean(k)
		}
		msg.keys = all
		for _, k := range keys {
			v, err := db.AttrValues(ctx, k)
			if err != nil {
				return msg
			}
			for id, s := range v {
				v[id] = termtext.Clean(s)
			}
			msg.vals[k] = v
		}
		msg.ok = true
		return msg
	}
}

// onAttrs keeps what readAttrs read; the maps are replaced, never changed in place,
// since copies of the model share them.
func (m Model) onAttrs(msg attrsMsg) (Model, tea.Cmd) {
	m.attrKeys = msg.keys
	vals := maps.Clone(m.attrs)
	if vals == nil {
		vals = map[string]map[int]string{}
	}
	maps.Copy(vals, msg.vals)
	m.attrs = vals
	m.cols = m.computeLayout()
	return m, nil
}

// attrValue is listing id's value of the attribute column id ("attr.brand").
func (m *Model) attrValue(id string, listing int) string {
	return m.attrs[strings.TrimPrefix(id, attrPrefix)][listing]
}

// attrCount is how many listings have a value of the attribute column id.
func (m *Model) attrCount(id string) int { return len(m.attrs[strings.TrimPrefix(id, attrPrefix)]) }

// attrRead reports whether the values of the attribute column id were read.
func (m *Model) attrRead(id string) bool {
	_, ok := m.attrs[strings.TrimPrefix(id, attrPrefix)]
	return ok
}
