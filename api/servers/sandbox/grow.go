package sandbox

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Grow asks for more listings than the seed has, so that the app can be tried at the
// scale of a shop: Listings total listings for the account of the seeded key named Key
// ("business", "personal"). The clones copy the account's own seeded listings in turn,
// with a numbered title ("… #123") so each is told apart, are active whatever their
// model was (a pending clone would only wait for moderation), and are older than every
// seeded listing, one an hour back. An account that already has Listings or more is
// left as it is, so a state file grown once is not grown again.
type Grow struct {
	Key      string
	Listings int
}

// maxGrow bounds Grow: about 1 KB a clone in memory and in the state file.
const maxGrow = 200_000

// ParseGrow reads the serve flag's form KEY=N, e.g. "business=10000".
func ParseGrow(s string) (Grow, error) {
	name, n, ok := strings.Cut(s, "=")
	var g Grow
	if !ok {
		return g, fmt.Errorf("%q: write KEY=N, e.g. business=10000", s)
	}
	if _, err := fmt.Sscanf(n, "%d", &g.Listings); err != nil || g.Listings < 1 || g.Listings > maxGrow {
		return g, fmt.Errorf("%q: N must be a whole number from 1 to %d", s, maxGrow)
	}
	g.Key = strings.TrimSpace(name)
	if err := g.check(); err != nil {
		return g, err
	}
	return g, nil
}

func (g Grow) check() error {
	for _, k := range seededKeys {
		if k.Name == g.Key {
			return nil
		}
	}
	names := make([]string, len(seededKeys))
	for i, k := range seededKeys {
		names[i] = k.Name
	}
	return fmt.Errorf("no sandbox key is named %q: use one of %s", g.Key, strings.Join(names, ", "))
}

func (g Grow) owner() int {
	for _, k := range seededKeys {
		if k.Name == g.Key {
			return k.UserID
		}
	}
	return 0
}

// grow adds the clones g asks for; the caller holds s.mu or owns the store alone.
func (s *Server) grow(g Grow) error {
	if err := g.check(); err != nil {
		return err
	}
	owner := g.owner()
	models := slices.Clone(s.st.byOwner[owner])
	if len(models) == 0 {
		return fmt.Errorf("the account of key %q has no listing to clone", g.Key)
	}
	oldest := models[0].CreatedAt
	for _, m := range models {
		if m.CreatedAt.Before(oldest) {
			oldest = m.CreatedAt
		}
	}
	for n := len(models); n < g.Listings; n++ {
		m := models[n%len(models)]
		l := m.clone()
		l.ID = s.st.NextID
		suffix := fmt.Sprintf(" #%d", n+1)
		l.Title = cutTitle(m.Title, suffix)
		for lang, t := range l.Titles {
			l.Titles[lang] = cutTitle(t, suffix)
		}
		l.Slug = fmt.Sprintf("%s-%d", m.Slug, n+1)
		l.Status = statusActive
		l.SubmittedAt, l.ReviewAt, l.ReviewedAt, l.BlockReason = nil, nil, nil, ""
		l.CreatedAt = oldest.Add(-time.Duration(n-len(models)+1) * time.Hour)
		l.UpdatedAt = l.CreatedAt
		l.Views = (m.Views + n*37) % 5000
		s.st.add(l)
	}
	s.st.version++
	return nil
}

// cutTitle appends suffix, shortening t so the title stays within the 120 characters
// of the create rules.
func cutTitle(t, suffix string) string {
	r := []rune(t)
	if room := 120 - len([]rune(suffix)); len(r) > room {
		r = r[:room]
	}
	return string(r) + suffix
}
