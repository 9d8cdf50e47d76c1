// Package batch opens the two messages of Bubble Tea that carry commands, a batch and
// a sequence, so that each of their commands can be wrapped. The root's routing
// addresses them to the view that asked, and the crash guard makes them recover: both
// must reach the commands Bubble Tea runs in goroutines of its own.
package batch

import (
	"reflect"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

var cmdType = reflect.TypeFor[tea.Cmd]()

// Map rebuilds a batch, or the unexported message of tea.Sequence, with f applied to
// each of its commands; ok is false for any other message. Both are slices of tea.Cmd
// that Bubble Tea runs itself, so their type must stay what it was.
func Map(msg tea.Msg, f func(tea.Cmd) tea.Cmd) (tea.Msg, bool) {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return nil, false
	}
	out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
	for i := range v.Len() {
		c, _ := v.Index(i).Interface().(tea.Cmd)
		out.Index(i).Set(reflect.ValueOf(f(c)))
	}
	return out.Interface(), true
}

// FirstFrames is how long after the start work the first frame does not show waits:
// Bubble Tea writes its first frame at the renderer's first tick, a sixtieth of a
// second after the program starts; two ticks leave room for a first page that comes
// a little late.
const FirstFrames = 2 * time.Second / 60

// AfterFirstFrame runs cmd FirstFrames from now, off the event loop, so that what it
// asks for (a request, a read of the disk) and the message it yields do not come
// between the first page and the renderer's first write, on the event loop and on a
// machine's cores (docs/performance.md, "Start").
func AfterFirstFrame(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		time.Sleep(FirstFrames)
		return cmd()
	}
}
