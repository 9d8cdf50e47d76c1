package catalog

import (
	"fmt"
	"maps"
	"sort"
	"strings"
)

func (c *Catalog) buildTree(cats []seedCategory) error {
	if len(cats) == 0 {
		return fmt.Errorf("no categories")
	}
	c.index = make(map[int]int, len(cats))
	c.children = make(map[int][]int)
	sorted := append([]seedCategory(nil), cats...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	for _, sc := range sorted {
		if sc.ID <= 0 {
			return fmt.Errorf("category id %d is not positive", sc.ID)
		}
		if _, dup := c.index[sc.ID]; dup {
			return fmt.Errorf("category %d appears twice", sc.ID)
		}
		if strings.TrimSpace(sc.Slug) == "" {
			return fmt.Errorf("category %d has no slug", sc.ID)
		}
		if err := checkNames(fmt.Sprintf("category %d", sc.ID), sc.Name); err != nil {
			return err
		}
		parent := 0
		if sc.ParentID != nil {
			parent = *sc.ParentID
		}
		c.index[sc.ID] = len(c.nodes)
		c.nodes = append(c.nodes, Node{
			ID: sc.ID, ParentID: parent, Level: sc.Level, Slug: sc.Slug,
			Names: maps.Clone(sc.Name), Leaf: sc.IsLeaf, AutoApprove: sc.AutoApprove,
		})
	}
	for _, n := range c.nodes {
		wantLevel := 1
		if n.ParentID != 0 {
			pi, ok := c.index[n.ParentID]
			if !ok {
				return fmt.Errorf("category %d: parent %d does not exist", n.ID, n.ParentID)
			}
			if c.nodes[pi].Leaf {
				return fmt.Errorf("category %d: parent %d is a leaf", n.ID, n.ParentID)
			}
			wantLevel = c.nodes[pi].Level + 1
		}
		if n.Level != wantLevel {
			return fmt.Errorf("category %d: level %d, want %d", n.ID, n.Level, wantLevel)
		}
		c.children[n.ParentID] = append(c.children[n.ParentID], n.ID)
	}
	for _, n := range c.nodes {
		if !n.Leaf && len(c.children[n.ID]) == 0 {
			return fmt.Errorf("category %d is not a leaf but has no children", n.ID)
		}
	}
	return nil
}

// Tree returns the category tree in lang (the default language for an unknown lang).
// The result is freshly built, so callers may keep or change it.
func (c *Catalog) Tree(lang string) []Category {
	return c.subtree(0, lang)
}

func (c *Catalog) subtree(parent int, lang string) []Category {
	ids := c.children[parent]
	out := make([]Category, 0, len(ids))
	for _, id := range ids {
		n := &c.nodes[c.index[id]]
		out = append(out, Category{
			ID: n.ID, Slug: n.Slug, Name: text(n.Names, lang),
			Children: c.subtree(n.ID, lang), // never nil: leaves get [] in JSON
		})
	}
	return out
}

// Category returns the node with id.
func (c *Catalog) Category(id int) (Node, bool) {
	i, ok := c.index[id]
	if !ok {
		return Node{}, false
	}
	return cloneNode(c.nodes[i]), true
}

// Leaves returns every leaf category, in id order.
func (c *Catalog) Leaves() []Node {
	var out []Node
	for _, n := range c.nodes {
		if n.Leaf {
			out = append(out, cloneNode(n))
		}
	}
	return out
}

// cloneNode copies the names so a caller cannot change the shared catalog.
func cloneNode(n Node) Node {
	n.Names = maps.Clone(n.Names)
	return n
}

// Path returns the names from the top level down to id in lang, joined with " > ";
// it is empty for an unknown id.
func (c *Catalog) Path(id int, lang string) string {
	chain := c.ancestry(id)
	names := make([]string, len(chain))
	for i, n := range chain {
		names[i] = text(n.Names, lang)
	}
	return strings.Join(names, " > ")
}

// ancestry returns the nodes from the top level down to id (nil for an unknown id).
func (c *Catalog) ancestry(id int) []*Node {
	var chain []*Node
	for id != 0 {
		i, ok := c.index[id]
		if !ok || len(chain) > len(c.nodes) {
			return nil
		}
		chain = append(chain, &c.nodes[i])
		id = c.nodes[i].ParentID
	}
	for l, r := 0, len(chain)-1; l < r; l, r = l+1, r-1 {
		chain[l], chain[r] = chain[r], chain[l]
	}
	return chain
}
