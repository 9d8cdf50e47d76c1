package tuitest

import tea "github.com/charmbracelet/bubbletea"

// Of returns the messages of type T among msgs, in order.
func Of[T any](msgs []tea.Msg) []T {
	var out []T
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// Is reports whether msg is a T: a Loop's Own or Skip for one type
// (tuitest.Is[spinner.TickMsg]).
func Is[T any](msg tea.Msg) bool {
	_, ok := msg.(T)
	return ok
}

// Model is what a Loop drives: a child model whose Update returns its own type.
type Model[M any] interface {
	Update(tea.Msg) (M, tea.Cmd)
}

// Loop runs a child model's commands synchronously, as its parent and the runtime
// would: each command in turn (first in, first run), batches opened, the model's
// own answers fed back to Update, and the rest (what the parent would get) returned
// in order.
type Loop[M Model[M]] struct {
	// Own says which messages are the model's answers to itself: they go back to
	// Update, and the command Update returns is run in turn. nil: none.
	Own func(tea.Msg) bool
	// Skip says which messages to drop: timers that would repeat forever, such as a
	// spinner's tick. nil: none.
	Skip func(tea.Msg) bool
}

// Drain runs cmd and all that follows, and returns the model and the messages
// that were neither its own nor skipped.
func (l Loop[M]) Drain(m M, cmd tea.Cmd) (M, []tea.Msg) {
	out := run(cmd, l.Skip, func(msg tea.Msg) (tea.Cmd, bool) {
		if l.Own == nil || !l.Own(msg) {
			return nil, false
		}
		var next tea.Cmd
		m, next = m.Update(msg)
		return next, true
	})
	return m, out
}

// Step sends msg to m and drains what follows.
func (l Loop[M]) Step(m M, msg tea.Msg) (M, []tea.Msg) {
	m, cmd := m.Update(msg)
	return l.Drain(m, cmd)
}

// Press sends each key (named as for Key) and drains what follows it before the
// next; it returns every message drained, in order.
func (l Loop[M]) Press(m M, keys ...string) (M, []tea.Msg) {
	var all []tea.Msg
	for _, k := range keys {
		var out []tea.Msg
		m, out = l.Step(m, Key(k))
		all = append(all, out...)
	}
	return m, all
}

// Type types s one rune at a time, each a key press of its own.
func (l Loop[M]) Type(m M, s string) (M, []tea.Msg) {
	var all []tea.Msg
	for _, r := range s {
		var out []tea.Msg
		m, out = l.Step(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		all = append(all, out...)
	}
	return m, all
}

// Collect runs cmd and what it batches, feeding nothing back: every answer that
// Skip does not drop, in order.
func (l Loop[M]) Collect(cmd tea.Cmd) []tea.Msg { return Collect(cmd, l.Skip) }

// Collect runs cmd and what it batches and returns every message that skip (nil:
// none) does not drop, in order.
func Collect(cmd tea.Cmd, skip func(tea.Msg) bool) []tea.Msg {
	return run(cmd, skip, func(tea.Msg) (tea.Cmd, bool) { return nil, false })
}

// run is the queue behind Drain and Collect: feed takes a message and returns
// the next command, or declines it and the message is returned.
func run(cmd tea.Cmd, skip func(tea.Msg) bool, feed func(tea.Msg) (tea.Cmd, bool)) []tea.Msg {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if msg == nil || skip != nil && skip(msg) {
			continue
		}
		if b, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, b...)
			continue
		}
		if next, took := feed(msg); took {
			queue = append(queue, next)
			continue
		}
		out = append(out, msg)
	}
	return out
}
