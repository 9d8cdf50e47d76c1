package detail

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// Goldens at 80×24 with the Ascii profile (TestMain).

func TestGoldenActive(t *testing.T) {
	m, _, _ := newModel(80, 24)
	m, _ = open(m, 10042)
	golden.RequireEqual(t, []byte(m.View()))
}

func TestGoldenBlocked(t *testing.T) {
	m, _, _ := newModel(80, 24)
	m, _ = open(m, 10043)
	golden.RequireEqual(t, []byte(m.View()))
}

func TestGoldenNotFound(t *testing.T) {
	m, _, _ := newModel(80, 24)
	m, _ = open(m, 999)
	golden.RequireEqual(t, []byte(m.View()))
}
