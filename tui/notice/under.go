package notice

import (
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// Under is every line the root draws between the view and the footer, stacked in
// this order: the banner, the notice line, the line of a request waiting for the
// budget. The root sizes the view by what is left of the screen, draws the stack and
// translates the mouse by where the view ends; one type keeps the three from
// disagreeing about which lines are there and how many.
type Under struct {
	Banner *Banner // nil: no failure to say
	Notice Board
	Wait   Line   // the request budget's wait, when one holds a request back
	Waits  *Waits // the client's latest wait, shared by the copies of the root
}

// NewUnder is an empty stack, with the client's waits to be noted into.
func NewUnder() Under { return Under{Waits: &Waits{}} }

// Fit renders each line for a screen width × height (the banner and the notice
// take at most Height(height) lines, the wait line two) and says how many lines they
// take together: what the view is not given.
func (u *Under) Fit(now time.Time, width, height int) int {
	if u.Banner != nil {
		u.Banner.Fit(now, width, Height(height))
	}
	if u.Notice.Text != "" {
		u.Notice.Fit(width, Height(height))
	}
	if u.Wait.Text != "" {
		u.Wait.Fit(width, 2)
	}
	return u.Height()
}

// Height is how many lines the stack took when last rendered.
func (u *Under) Height() int { return len(u.Lines()) }

// Lines are the stack as rendered last, top to bottom.
func (u *Under) Lines() []string {
	var out []string
	if u.Banner != nil {
		out = append(out, u.Banner.Lines()...)
	}
	if u.Notice.Text != "" {
		out = append(out, u.Notice.Lines()...)
	}
	if u.Wait.Text != "" {
		out = append(out, u.Wait.Lines()...)
	}
	return out
}

// Users is what the client calls on each wait (api.Client.OnWaits): the user's waits
// only are kept for the wait line. A job's waits (api.Background) are its panel's and
// its footer's to show, and esc, which gives up what the line shows, must not give
// them up.
func (w *Waits) Users() func(api.Wait) {
	return func(x api.Wait) {
		if !x.Background {
			w.Note(x)
		}
	}
}

// Refresh puts the active wait, if any, on the wait line; with no client (on false)
// nothing waits.
func (u *Under) Refresh(now time.Time, on bool) {
	x, ok := u.Waits.Active(now)
	if !ok || !on {
		u.Wait = Line{}
		return
	}
	text := WaitText(x, now)
	if text != u.Wait.Text {
		u.Wait = Line{Text: text, Warn: true}
	}
}

// GiveUp forgets the wait and takes its line down: the user gave it up (esc). It
// is what the notice line says then, in the interface's language.
func (u *Under) GiveUp() string {
	u.Waits.Clear()
	u.Wait = Line{}
	return theme.WarningMark + " " + i18n.T("root.wait.gave_up")
}

// Stays is how long a notice stays.
const Stays = 5 * time.Second

// Say puts text on the notice line for Stays: the answer to the user's key, or, when
// background, a notice of work in the background, which waits while an answer holds
// the line (Board).
func (u *Under) Say(text string, warn, background bool, now time.Time) {
	u.Notice.Say(Line{Text: text, Warn: warn, Until: now.Add(Stays)}, background, now)
}

// Tick is the root's second: a notice that has had its time goes, one waiting may
// show, and the banner's countdown (a request limit's) counts down.
func (u *Under) Tick(now time.Time, width, height int) {
	u.Notice.Tick(now)
	if u.Banner != nil {
		u.Banner.Render(now, width, Height(height))
	}
}
