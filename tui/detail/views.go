package detail

import (
	"context"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/mirror"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/theme"
)

// Views over time come from the local mirror (api/mirror): the service has no
// analytics, so every figure is counted from the app's own syncs, and the view says so.

// Mirror is what the view needs of the local mirror; *mirror.DB is one.
type Mirror interface {
	StatsOf(ctx context.Context, id int, now time.Time) (mirror.Stats, bool, error)
	PutDetail(ctx context.Context, full *api.ListingFull, lang string) error
}

// mirrorTimeout bounds a read or write of the local file.
const mirrorTimeout = 5 * time.Second

// statsMsg answers fetchStats for listing id under seq (the listing's load).
type statsMsg struct {
	seq, id int
	st      mirror.Stats
	ok      bool
}

// SetMirror gives the view the local mirror: the chart of views, and each detail
// loaded is kept there so that its description can be searched.
func (m *Model) SetMirror(mir Mirror) { m.mir = mir }

func fetchStats(mir Mirror, id, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
		defer cancel()
		st, ok, err := mir.StatsOf(ctx, id, time.Now())
		return statsMsg{seq: seq, id: id, st: st, ok: ok && err == nil}
	}
}

// keepDetail writes the detail into the mirror; a failure costs only the search of
// this description, so nothing is said.
func keepDetail(mir Mirror, full api.ListingFull, lang string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), mirrorTimeout)
		defer cancel()
		_ = mir.PutDetail(ctx, &full, lang)
		return nil
	}
}

// withStats adds the mirror's commands to a load: the chart is read once per load.
func (m Model) withStats(cmd tea.Cmd) tea.Cmd {
	if m.mir == nil || m.id <= 0 {
		return cmd
	}
	return tea.Batch(cmd, fetchStats(m.mir, m.id, m.seq))
}

func (m Model) gotStats(msg statsMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq || msg.id != m.id {
		return m, nil
	}
	m.stats, m.hasStats = msg.st, msg.ok
	m.rebuild()
	return m, nil
}

// viewsSection is the chart and the figures, or "" without a mirror.
func (m *Model) viewsSection(w int) string {
	if m.mir == nil {
		return ""
	}
	if !m.hasStats || len(m.stats.Points) == 0 {
		return section(i18n.T("detail.views.title"), theme.Muted.Render(wrap(i18n.T("detail.views.not_counted", "Command", "listings sync"), w)))
	}
	st := &m.stats
	const lw = 14
	cw := max(w-lw-12, 4) // the chart's room beside the label and the figure
	daily := st.Daily[max(len(st.Daily)-cw, 0):]
	lines := []string{
		row(i18n.T("detail.views.views"), spark(daily, nil)+"  "+format.Number(st.Views)+theme.Muted.Render(" "+i18n.T("detail.views.since", "Date", format.Date(st.Since))), lw, w),
		row(i18n.T("detail.views.last7"), gainLine(st.Last7, st.Gained7, cw), lw, w),
		row(i18n.T("detail.views.last30"), gainLine(st.Last30, st.Gained30, cw), lw, w),
	}
	if per := perDay(st.Last7); w-lw >= len(per) {
		lines = append(lines, row("", theme.Muted.Render(per), lw, w))
	}
	lines = append(lines, theme.Muted.Render(wrap(i18n.T("detail.views.counted_here"), w)))
	return section(i18n.T("detail.views.title"), strings.Join(lines, "\n"))
}

// gainLine is the views gained per day as bars, then the total.
func gainLine(days []mirror.Day, total, room int) string {
	days = days[max(len(days)-room, 0):]
	vals := make([]int, len(days))
	known := make([]bool, len(days))
	for i, d := range days {
		vals[i], known[i] = d.Gained, d.Known
	}
	return spark(vals, known) + "  " + signed(total)
}

// perDay writes the last days' gains as numbers: "+3 +0 +12 …", unknown days as "·".
func perDay(days []mirror.Day) string {
	parts := make([]string, len(days))
	for i, d := range days {
		parts[i] = "·"
		if d.Known {
			parts[i] = signed(d.Gained)
		}
	}
	return strings.Join(parts, " ")
}

func signed(n int) string {
	if n > 0 {
		return "+" + format.Number(n)
	}
	return strconv.Itoa(n)
}

// bars are the eighths of a cell, lowest first.
var bars = []rune("▁▂▃▄▅▆▇█")

// spark draws vals as one bar per value scaled between their least and greatest; a
// value not known is a blank. Drawn here rather than with a chart library: one line
// of block characters is a few lines of code, and it fits any width given.
func spark(vals []int, known []bool) string {
	lo, hi, any := 0, 0, false
	for i, v := range vals {
		if known != nil && !known[i] {
			continue
		}
		if !any || v < lo {
			lo = v
		}
		if !any || v > hi {
			hi = v
		}
		any = true
	}
	var b strings.Builder
	for i, v := range vals {
		if known != nil && !known[i] {
			b.WriteByte(' ')
			continue
		}
		k := 0
		if hi > lo {
			k = (v - lo) * (len(bars) - 1) / (hi - lo)
		}
		b.WriteRune(bars[k])
	}
	return b.String()
}
