package catalog

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The classifier behind POST /api/v1/ai/suggest-category. It is deterministic: each
// leaf has a vocabulary built at load time from the seed in all three languages —
// its own names (weight 3), its ancestors' names (1), its slug words (2), its select
// option labels and values (2) — plus the few brand and everyday words of keywords.go
// (3). A word of the title or description scores, for every leaf it matches, the best
// weight it reaches there, doubled for title words, times an inverse document
// frequency (rarer words are stronger evidence), so "Дитячий велосипед" goes to
// bicycles, not kids' clothing. The best total wins, ties to the lower id.

// Feature weights.
const (
	weightOwn      = 3
	weightAncestor = 1
	weightSlug     = 2
	weightOption   = 2
	weightTitle    = 2
	weightBody     = 1
)

type posting struct {
	leaf   int // position in suggestIndex.leaves
	weight int
}

type vocabWord struct {
	word     string
	runes    int
	postings []posting
}

type suggestIndex struct {
	leaves []int                   // leaf ids in id order
	exact  map[string]*vocabWord   // every vocabulary word
	bucket map[string][]*vocabWord // words of 3+ runes by their first 3 runes
}

func (c *Catalog) buildSuggestIndex() {
	ix := suggestIndex{exact: map[string]*vocabWord{}, bucket: map[string][]*vocabWord{}}
	for _, n := range c.nodes {
		if !n.Leaf {
			continue
		}
		li := len(ix.leaves)
		ix.leaves = append(ix.leaves, n.ID)
		best := map[string]int{}
		add := func(s string, w int) {
			for _, t := range tokens(s) {
				if usefulToken(t) && best[t] < w {
					best[t] = w
				}
			}
		}
		for _, anc := range c.ancestry(n.ID) {
			w := weightAncestor
			if anc.ID == n.ID {
				w = weightOwn
			}
			for _, name := range anc.Names {
				add(name, w)
			}
			for _, k := range keywords()[anc.Slug] {
				add(k, w)
			}
		}
		add(strings.ReplaceAll(n.Slug, "-", " "), weightSlug)
		for _, a := range c.attrs[n.ID] {
			for _, o := range a.options {
				add(strings.ReplaceAll(o.Value, "_", " "), weightOption)
				for _, label := range o.Label {
					add(label, weightOption)
				}
			}
		}
		for word, w := range best {
			vw := ix.exact[word]
			if vw == nil {
				vw = &vocabWord{word: word, runes: utf8.RuneCountInString(word)}
				ix.exact[word] = vw
				if vw.runes >= 3 {
					k := prefixRunes(word, 3)
					ix.bucket[k] = append(ix.bucket[k], vw)
				}
			}
			vw.postings = append(vw.postings, posting{leaf: li, weight: w})
		}
	}
	c.suggest = ix
}

// usefulToken drops single runes, bare numbers (memory sizes and room counts match
// too much to mean anything) and stop words.
func usefulToken(t string) bool {
	if utf8.RuneCountInString(t) < 2 || stopWords()[t] {
		return false
	}
	for _, r := range t {
		if !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func prefixRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// wordsMatch is the classifier's stemming: equal words; words sharing a prefix of 5
// runes ("велосипеди" ~ "велосипед"); a word of 3+ runes that starts another one at
// most 1 rune longer, or 2 from 4 runes on ("bike" ~ "bikes", but not "car" ~
// "cargo"); or words of 4+ runes and the same length differing only in the last rune
// ("шина" ~ "шини", but not "nike" ~ "nikon").
func wordsMatch(a string, la int, b string, lb int) bool {
	if a == b {
		return true
	}
	m := min(la, lb)
	if m < 3 {
		return false
	}
	p := 0
	for i, j := 0, 0; i < len(a) && j < len(b); p++ {
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if ra != rb {
			break
		}
		i, j = i+na, j+nb
	}
	diff := max(la, lb) - m
	switch {
	case p >= 5:
		return true
	case p == m && (diff <= 1 || diff == 2 && m >= 4):
		return true
	case m >= 4 && p >= m-1 && diff == 0:
		return true
	}
	return false
}

// Suggest picks the leaf category that best fits title and description; ok is false
// when no leaf scores. Path is in lang (the default language for an unknown lang).
func (c *Catalog) Suggest(title, description, lang string) (Suggestion, bool) {
	ix := &c.suggest
	weights := map[string]int{}
	for _, t := range tokens(description) {
		if usefulToken(t) {
			weights[t] = weightBody
		}
	}
	for _, t := range tokens(title) {
		if usefulToken(t) {
			weights[t] = weightTitle
		}
	}
	if len(weights) == 0 || len(ix.leaves) == 0 {
		return Suggestion{}, false
	}
	scores := make([]float64, len(ix.leaves))
	best := make([]int, len(ix.leaves))
	var touched []int
	for t, tw := range weights {
		touched = ix.match(t, best, touched[:0])
		if len(touched) == 0 {
			continue
		}
		idf := math.Log(1 + float64(len(ix.leaves))/float64(len(touched)))
		for _, li := range touched {
			scores[li] += float64(tw*best[li]) * idf
			best[li] = 0
		}
	}
	win := -1
	for li, s := range scores {
		// Map iteration order varies, so sums may differ in the last bits; a
		// relative epsilon keeps ties (and so the answer) deterministic.
		if s > 0 && (win < 0 || s > scores[win]*(1+1e-9)) {
			win = li
		}
	}
	if win < 0 {
		return Suggestion{}, false
	}
	id := ix.leaves[win]
	n := c.nodes[c.index[id]]
	return Suggestion{CategoryID: id, Path: c.Path(id, lang), Slug: n.Slug}, true
}

// An exact word is better evidence than an inflected one, so "книга" prefers the leaf
// that has "книга" over the one that has "книги"; weights are kept in tenths.
const (
	scaleExact   = 10
	scaleStemmed = 8
)

// match records in best the highest weight (in tenths) token t reaches in each leaf
// and returns the leaves it reached.
func (ix *suggestIndex) match(t string, best []int, touched []int) []int {
	note := func(vw *vocabWord, scale int) {
		for _, p := range vw.postings {
			if best[p.leaf] == 0 {
				touched = append(touched, p.leaf)
			}
			best[p.leaf] = max(best[p.leaf], p.weight*scale)
		}
	}
	if vw := ix.exact[t]; vw != nil {
		note(vw, scaleExact)
	}
	lt := utf8.RuneCountInString(t)
	if lt < 3 {
		return touched
	}
	for _, vw := range ix.bucket[prefixRunes(t, 3)] {
		if vw.word != t && wordsMatch(t, lt, vw.word, vw.runes) {
			note(vw, scaleStemmed)
		}
	}
	return touched
}
