package catpick

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termtext"
)

// PathSep joins the names of a path, as the service's category_path does.
const PathSep = " > "

// maxDepth bounds the levels read from an answer: the tree has three, and a
// malformed answer must not make the build recurse without end.
const maxDepth = 16

// node is one category of a language's tree, with what search and display need
// computed once when the tree arrives.
type node struct {
	id     int
	slug   string
	name   string // cleaned, never empty
	parent int    // index in tree.nodes; -1 at the top
	kids   []int  // indices in tree.nodes
	depth  int
	path   string // names from the top joined with PathSep
	// name and key are normalised (lower case, one apostrophe) for search; key
	// holds the name, the slug and every ancestor's name, split by NULs so that a
	// word never matches across two of them.
	normName string
	key      string
}

func (n *node) leaf() bool { return len(n.kids) == 0 }

// tree is one language's category tree, flattened in depth-first order.
type tree struct {
	nodes  []node
	top    []int
	byID   map[int]int
	leaves []int // in tree order
}

// buildTree flattens an answer, cleaning every string from the network. A repeated id
// keeps its first node, so byID stays unambiguous.
func buildTree(cats []api.Category) *tree {
	t := &tree{byID: map[int]int{}}
	var add func(c *api.Category, parent, depth int) int
	add = func(c *api.Category, parent, depth int) int {
		i := len(t.nodes)
		n := node{id: c.ID, slug: termtext.Clean(c.Slug), name: strings.TrimSpace(termtext.Clean(c.Name)),
			parent: parent, depth: depth}
		if n.name == "" {
			n.name = "#" + strconv.Itoa(c.ID) // still choosable and findable by id
		}
		n.normName = normalize(n.name)
		keys := []string{n.normName, normalize(n.slug)}
		n.path = n.name
		if parent >= 0 {
			p := &t.nodes[parent]
			n.path = p.path + PathSep + n.name
			keys = append(keys, p.key)
		}
		n.key = strings.Join(keys, "\x00")
		t.nodes = append(t.nodes, n)
		if _, dup := t.byID[c.ID]; !dup {
			t.byID[c.ID] = i
		}
		if depth+1 < maxDepth {
			var kids []int
			for k := range c.Children {
				kids = append(kids, add(&c.Children[k], i, depth+1))
			}
			t.nodes[i].kids = kids
		}
		if t.nodes[i].leaf() {
			t.leaves = append(t.leaves, i)
		}
		return i
	}
	for k := range cats {
		t.top = append(t.top, add(&cats[k], -1, 0))
	}
	return t
}

// find returns the index of id, or -1.
func (t *tree) find(id int) int {
	if i, ok := t.byID[id]; ok {
		return i
	}
	return -1
}

// level lists the children of the node at index parent, or the top for -1.
func (t *tree) level(parent int) []int {
	if parent < 0 {
		return t.top
	}
	return t.nodes[parent].kids
}

// names returns the names from the top down to the node at i.
func (t *tree) names(i int) []string {
	var out []string
	for ; i >= 0; i = t.nodes[i].parent {
		out = append(out, t.nodes[i].name)
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

// apostrophes are the forms of the apostrophe people type or paste: "комп'ютер",
// "комп’ютер" and "компʼютер" are the same word.
var apostrophes = strings.NewReplacer("’", "'", "ʼ", "'", "‘", "'", "`", "'", "′", "'")

func normalize(s string) string { return strings.ToLower(apostrophes.Replace(s)) }

// search returns the leaves whose name, slug or ancestors' names hold every word of
// q, in this tree's language or in that of any tree in also (the same categories in
// other languages: a seller types "смартфон" or "smartphone" alike); leaves whose own
// name holds them all come first, each group in tree order. An empty query lists
// every leaf.
func (t *tree) search(q string, also ...*tree) []int {
	words := strings.Fields(normalize(q))
	if len(words) == 0 {
		return t.leaves
	}
	var named, other []int
	for _, i := range t.leaves {
		n := &t.nodes[i]
		key, own := containsAll(n.key, words), containsAll(n.normName, words)
		for _, o := range also {
			if j := o.find(n.id); j >= 0 && !own {
				key = key || containsAll(o.nodes[j].key, words)
				own = containsAll(o.nodes[j].normName, words)
			}
		}
		switch {
		case own:
			named = append(named, i)
		case key:
			other = append(other, i)
		}
	}
	return append(named, other...)
}

// searchLang is the other language a search matches names in: English beside
// Ukrainian or Russian, and Ukrainian beside English.
func searchLang(lang string) string {
	if lang == "en" {
		return "uk"
	}
	return "en"
}

// inOtherScript reports whether q is typed in the other language's script (Latin in
// a Ukrainian or Russian picker, Cyrillic in an English one): only then is the other
// language's tree worth its request.
func inOtherScript(q, lang string) bool {
	for _, r := range q {
		latin := r < unicode.MaxASCII && unicode.IsLetter(r)
		if lang == "en" && unicode.Is(unicode.Cyrillic, r) || lang != "en" && latin {
			return true
		}
	}
	return false
}

func containsAll(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}
