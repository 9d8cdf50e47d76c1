package catalog

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
)

// pathSep joins the levels of a category path, as `listings categories` prints it.
const pathSep = " > "

// taxonomy is the category trees and attributes an import reads: each tree once per
// language and each category's attributes once per language, only when a cell needs
// them (a path or label not found in the plan's language).
type taxonomy struct {
	svc   Service
	lang  string
	trees map[string]*catTree
	attrs map[string][]api.Attribute // by lang + id
	reads *int
}

type catNode struct {
	id   int
	path string
	leaf bool
}

type catTree struct {
	byID   map[int]catNode
	byPath map[string]int // norm(path) → id
}

func (t *taxonomy) tree(ctx context.Context, lang string) (*catTree, error) {
	if tr, ok := t.trees[lang]; ok {
		return tr, nil
	}
	*t.reads++
	cats, err := t.svc.Categories(ctx, lang)
	if err != nil {
		return nil, fmt.Errorf("read the categories (%s): %w", lang, err)
	}
	tr := &catTree{byID: map[int]catNode{}, byPath: map[string]int{}}
	var walk func(cs []api.Category, prefix string, depth int)
	walk = func(cs []api.Category, prefix string, depth int) {
		if depth > 16 { // a malformed answer must not recurse without end
			return
		}
		for _, c := range cs {
			p := strings.TrimSpace(c.Name)
			if prefix != "" {
				p = prefix + pathSep + p
			}
			if _, dup := tr.byID[c.ID]; !dup {
				tr.byID[c.ID] = catNode{id: c.ID, path: p, leaf: len(c.Children) == 0}
				tr.byPath[normPath(p)] = c.ID
			}
			walk(c.Children, p, depth+1)
		}
	}
	walk(cats, "", 0)
	t.trees[lang] = tr
	return tr, nil
}

// normPath compares paths whatever the spaces around the separators.
func normPath(p string) string {
	parts := strings.Split(p, ">")
	for i, s := range parts {
		parts[i] = norm(s)
	}
	return strings.Join(parts, ">")
}

// category resolves a category cell: an id, or a path in any of the languages. It
// returns the id and its path in the plan's language, or why the cell is refused;
// err is a failure to read the tree.
func (t *taxonomy) category(ctx context.Context, cell string) (id int, path string, problem rules.Why, err error) {
	home, err := t.tree(ctx, t.lang)
	if err != nil {
		return 0, "", rules.Why{}, err
	}
	if n, convErr := strconv.Atoi(cell); convErr == nil {
		node, ok := home.byID[n]
		if !ok {
			return 0, "", because("category.no_id", "ID", n), nil
		}
		return t.leaf(node)
	}
	key := normPath(cell)
	langs := append([]string{t.lang}, slices.DeleteFunc(slices.Clone(Langs), func(l string) bool { return l == t.lang })...)
	for _, l := range langs {
		tr, err := t.tree(ctx, l)
		if err != nil {
			return 0, "", rules.Why{}, err
		}
		if n, ok := tr.byPath[key]; ok {
			node, ok := home.byID[n]
			if !ok {
				node = tr.byID[n]
			}
			return t.leaf(node)
		}
	}
	return 0, "", because("category.no_path", "Value", strconv.Quote(cell), "Langs", strings.Join(Langs, ", ")), nil
}

func (t *taxonomy) leaf(n catNode) (int, string, rules.Why, error) {
	if !n.leaf {
		return 0, "", because("category.not_leaf", "Path", n.path, "ID", n.id), nil
	}
	return n.id, n.path, rules.Why{}, nil
}

// attributes are a category's attributes in lang, read once.
func (t *taxonomy) attributes(ctx context.Context, id int, lang string) ([]api.Attribute, error) {
	key := lang + strconv.Itoa(id)
	if a, ok := t.attrs[key]; ok {
		return a, nil
	}
	*t.reads++
	a, err := t.svc.Attributes(ctx, id, lang)
	if err != nil {
		return nil, fmt.Errorf("read the attributes of category %d: %w", id, err)
	}
	t.attrs[key] = a
	return a, nil
}
