package catpick

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// requestTimeout covers the client's own budget wait and retries.
const requestTimeout = 90 * time.Second

// treeMsg is the answer to a tree request.
type treeMsg struct {
	lang string
	seq  int
	cats []api.Category
	err  error
}

// suggestMsg is the answer to an AI suggestion request.
type suggestMsg struct {
	seq int
	sug *api.Suggestion
	err error
}

func loadTree(svc Service, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		cats, err := svc.Categories(ctx, lang)
		return treeMsg{lang: lang, seq: seq, cats: cats, err: err}
	}
}

func suggest(svc Service, title, desc, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		s, err := svc.SuggestCategory(ctx, title, desc, lang)
		return suggestMsg{seq: seq, sug: s, err: err}
	}
}

func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// fetch asks for the tree of the current language; it supersedes a request in flight.
func (m *Model) fetch() tea.Cmd {
	m.loadSeq++
	m.loadLang, m.loading, m.loadErr = m.lang, true, ""
	return tea.Batch(loadTree(m.svc, m.lang, m.loadSeq), m.spin.Tick)
}

// onTree takes a tree answer. A tree is right for its language whenever it was asked
// for, so a good one is cached even when a later request superseded it; only the
// latest request's failure is shown.
func (m Model) onTree(msg treeMsg) (Model, tea.Cmd) {
	latest := msg.seq == m.loadSeq && msg.lang == m.loadLang
	if latest {
		m.loading = false
	}
	if msg.err != nil {
		if !latest || msg.lang != m.lang || m.tr != nil {
			return m, nil
		}
		m.loadErr = termtext.Clean(msg.err.Error())
		return m, emit(msgs.Error{Op: "load categories", Err: msg.err})
	}
	t, ok := m.trees[msg.lang]
	if !ok {
		t = buildTree(msg.cats)
		m.trees[msg.lang] = t
	}
	if msg.lang == m.lang && m.tr == nil {
		m.loadErr = ""
		m.useTree(t)
	}
	if m.searching && msg.lang == searchLang(m.lang) {
		m.runSearch(m.idAt(&m.found))
	}
	return m, nil
}

// loadSearchLang fetches, once and in the background, the tree of the other language
// a search matches; its failure only narrows the search, so it says nothing.
func (m *Model) loadSearchLang() tea.Cmd {
	alt := searchLang(m.lang)
	if _, ok := m.trees[alt]; ok || m.altAsked[alt] {
		return nil
	}
	if m.altAsked == nil {
		m.altAsked = map[string]bool{}
	}
	m.altAsked[alt] = true
	return loadTree(m.svc, alt, 0)
}

// startSuggest asks the AI for a category, unless the title or description is too
// short to be worth a request (the create body's minimums).
func (m Model) startSuggest() (Model, tea.Cmd) {
	if m.suggesting {
		return m, nil // one request at a time: a second press would spend another
	}
	nt, nd := utf8.RuneCountInString(m.title), utf8.RuneCountInString(m.desc)
	var short []string
	if nt < rules.TitleMin {
		short = append(short, i18n.T("pickers.cat.need_title", "Min", rules.TitleMin, "N", nt))
	}
	if nd < rules.DescriptionMin {
		short = append(short, i18n.T("pickers.cat.need_description", "Min", rules.DescriptionMin, "N", nd))
	}
	if len(short) > 0 {
		m.setNote(noteWarn, i18n.T("pickers.cat.needs", "What", strings.Join(short, i18n.T("pickers.cat.and"))))
		return m, nil
	}
	m.sugSeq++
	m.suggesting = true
	m.sugID, m.sugPath = 0, "" // the answer for the earlier text goes with it
	m.setNote(noteNone, "")
	return m, tea.Batch(suggest(m.svc, m.title, m.desc, m.lang, m.sugSeq), m.spin.Tick)
}

// cancelSuggest drops the answer on its way.
func (m *Model) cancelSuggest() {
	m.suggesting = false
	m.sugSeq++
	m.setNote(noteInfo, i18n.T("pickers.cat.cancelled"))
}

// onSuggest takes the AI's answer: the category is pre-selected and shown with its
// path, never chosen on the seller's behalf.
func (m Model) onSuggest(msg suggestMsg) (Model, tea.Cmd) {
	if msg.seq != m.sugSeq || !m.suggesting {
		return m, nil // cancelled, or the text changed since
	}
	m.suggesting = false
	switch {
	case api.IsCode(msg.err, api.CodeNoCategoryMatch):
		m.setNote(noteWarn, i18n.T("pickers.cat.no_fit"))
		return m, nil
	case msg.err != nil:
		m.setNote(noteError, i18n.T("pickers.cat.failed", "Err", termtext.Clean(msg.err.Error())))
		return m, emit(msgs.Error{Op: "suggest category", Err: msg.err})
	case msg.sug == nil || msg.sug.CategoryID <= 0:
		m.setNote(noteWarn, i18n.T("pickers.cat.no_category_named"))
		return m, nil
	}
	m.sugID, m.sugPath = msg.sug.CategoryID, termtext.Clean(msg.sug.CategoryPath)
	m.closeSearch()
	m.focusID, m.focusWhy = m.sugID, focusSuggest
	if m.tr != nil {
		m.applyFocus()
	} else {
		m.setNote(noteAI, i18n.T("pickers.cat.suggests_later", "Path", m.sugPath))
	}
	return m, nil
}

// suggestNote says what the AI suggested, in the current language when the tree has
// the category.
func (m *Model) suggestNote() {
	i := m.tr.find(m.sugID)
	switch {
	case i < 0:
		m.setNote(noteWarn, i18n.T("pickers.cat.suggests_gone", "Path", strconv.Quote(m.sugPath), "ID", m.sugID))
	case m.tr.nodes[i].leaf():
		m.setNote(noteAI, i18n.T("pickers.cat.suggests", "Path", m.tr.nodes[i].path))
	default:
		m.setNote(noteAI, i18n.T("pickers.cat.suggests_group", "Path", m.tr.nodes[i].path))
	}
}
