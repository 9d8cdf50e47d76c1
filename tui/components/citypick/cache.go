package citypick

import (
	"container/list"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listings-tui/listings/api"
)

// normalise is the query as it is sent and cached: trimmed, lowercase, runs of
// spaces made one, and every apostrophe look-alike made the ASCII one, since
// "Кам'янське" is typed with any of them depending on the keyboard layout.
func normalise(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = true
			continue
		case isApostrophe(r):
			r = '\''
		default:
			r = unicode.ToLower(r)
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// isApostrophe covers the ones the service treats alike (docs/sandbox.md): the
// typewriter one, the right single quotation mark, the modifier letter, the left
// quotation mark, the grave accent and the prime.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '\u2019', '\u02BC', '\u2018', '`', '\u2032':
		return true
	}
	return false
}

// searchable reports whether a normalised query is long enough to be sent.
func searchable(q string) bool { return utf8.RuneCountInString(q) >= api.MinCityQuery }

// cacheKey joins the language and the normalised query; neither holds a NUL.
func cacheKey(lang, q string) string { return lang + "\x00" + q }

// lru keeps the latest answers, cleaned, and forgets the least recently used one
// beyond its size.
type lru struct {
	size  int
	order *list.List // of *entry, most recent first
	byKey map[string]*list.Element
}

type entry struct {
	key string
	ans answer
}

func newLRU(size int) *lru {
	return &lru{size: size, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *lru) get(key string) (answer, bool) {
	el, ok := c.byKey[key]
	if !ok {
		return answer{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*entry).ans, true
}

func (c *lru) put(key string, ans answer) {
	if el, ok := c.byKey[key]; ok {
		el.Value.(*entry).ans = ans
		c.order.MoveToFront(el)
		return
	}
	c.byKey[key] = c.order.PushFront(&entry{key: key, ans: ans})
	for c.order.Len() > c.size {
		old := c.order.Back()
		c.order.Remove(old)
		delete(c.byKey, old.Value.(*entry).key)
	}
}

func (c *lru) len() int { return c.order.Len() }
