package editor

import (
	"context"
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/draft"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/termtext"
)

// submission is where the submit of the draft stands.
type submission struct {
	seq     int
	sending bool   // the create or edit is in flight
	waiting bool   // uploads must finish first; then it is sent
	done    bool   // accepted: the draft is gone
	note    string // why it is not sent, or what the service said
	// fields: note counts the fields a refusal named, and follows them as they are
	// changed (refusalNote), so the review never reads stale.
	fields bool
}

// refusalNote says what is left of a refusal that named fields.
func refusalNote(left int) string {
	if left == 0 {
		return i18n.T("editor.refusal.all_changed")
	}
	return i18n.N("editor.refusal.left", left)
}

// submitMsg is the answer to a create or an edit.
type submitMsg struct {
	seq     int
	created *api.CreateResult
	edited  *api.EditResult
	err     error
}

func createListing(svc Service, body *api.ListingCreate, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		res, err := svc.CreateListing(ctx, body)
		return submitMsg{seq: seq, created: res, err: err}
	}
}

func editListing(svc Service, id int, body *api.ListingEdit, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		defer cancel()
		res, err := svc.EditListing(ctx, id, body)
		return submitMsg{seq: seq, edited: res, err: err}
	}
}

// forget removes a sent draft from the disk, after any write of it in progress. A
// draft that cannot be removed stays in the drafts list, and the user is told.
func forget(saver *draft.Saver, store *draft.Store, id string) tea.Cmd {
	return func() tea.Msg {
		if saver != nil {
			saver.Forget(id)
		}
		if store != nil {
			if err := store.Delete(id); err != nil {
				failed := func() tea.Msg {
					return msgs.Error{Op: "remove the sent draft (it was sent; delete it in the drafts list, D)", Err: err}
				}
				return tea.BatchMsg{failed, func() tea.Msg { return msgs.DraftsChanged{} }}
			}
		}
		return msgs.DraftsChanged{}
	}
}

// submit is ctrl+s: from a step it opens the review; on the review it sends,
// unless the app already knows the service would refuse.
func (m Model) submit() (Model, tea.Cmd) {
	if m.sub.sending || m.sub.done {
		return m, nil
	}
	m.attempted = true
	m.syncAttributes()
	m.recheck()
	if m.step != stepReview {
		return m, m.goTo(stepReview)
	}
	if why := m.notReady(); why != "" {
		m.sub.note = why
		if f := firstField(m.problems); f != "" {
			return m, m.focusField(f)
		}
		return m, nil
	}
	if m.media.Busy() || m.d.PendingUploads() > 0 {
		m.sub.waiting = true
		m.sub.note = i18n.N("editor.waiting_uploads", m.d.PendingUploads())
		return m, nil
	}
	return m.send()
}

// notReady says why the draft cannot be sent yet, or "".
func (m *Model) notReady() string {
	switch {
	case m.d.CategoryID != 0 && m.attrOf != m.d.CategoryID && m.attrEr != "":
		return m.attrEr
	case m.d.CategoryID != 0 && m.attrOf != m.d.CategoryID:
		return i18n.T("editor.attrs_loading")
	case len(m.problems) > 0:
		return i18n.N("editor.status.to_fix", len(m.problems))
	case m.media.Failed() > 0:
		return i18n.N("editor.uploads_failed", m.media.Failed())
	}
	return ""
}

// continueSubmit sends a submit that waited for uploads, once they are done.
func (m Model) continueSubmit() (Model, tea.Cmd) {
	if !m.sub.waiting || m.media.Busy() {
		return m, nil
	}
	m.sub.waiting = false
	if why := m.notReady(); why != "" {
		m.sub.note = why
		return m, nil
	}
	if m.d.PendingUploads() > 0 {
		m.sub.note = i18n.T("editor.not_uploaded")
		return m, nil
	}
	return m.send()
}

func (m Model) send() (Model, tea.Cmd) {
	m.sub.seq++
	m.sub.note, m.sub.fields = "", false
	if m.d.IsEdit() {
		body, changes, err := m.d.EditBody(m.attrs)
		if err != nil {
			m.sub.note = err.Error()
			return m, nil
		}
		if len(changes) == 0 {
			m.sub.note = i18n.T("editor.nothing_to_send")
			return m, nil
		}
		m.sub.sending = true
		return m, editListing(m.svc, m.d.ListingID, body, m.sub.seq)
	}
	body, err := m.d.CreateBody(m.attrs)
	if err != nil {
		m.sub.note = err.Error()
		return m, nil
	}
	m.sub.sending = true
	return m, createListing(m.svc, body, m.sub.seq)
}

func (m Model) onSubmitted(msg submitMsg) (Model, tea.Cmd) {
	if m.d == nil || msg.seq != m.sub.seq || !m.sub.sending {
		return m, nil
	}
	m.sub.sending = false
	if msg.err != nil {
		return m.refused(msg.err)
	}
	m.sub.done = true
	saved := msgs.ListingSaved{Title: termtext.Clean(m.d.Title), Created: !m.d.IsEdit()}
	if msg.created != nil {
		saved.ID, saved.Status = msg.created.ListingID, msg.created.Status
	} else if msg.edited != nil {
		saved.ID, saved.Status = m.d.ListingID, msg.edited.Status
		if saved.Status == "" {
			saved.Status = api.StatusPending
		}
	}
	return m, tea.Sequence(forget(m.cfg.Saver, m.cfg.Store, m.d.ID), func() tea.Msg { return saved })
}

// refused keeps the refusal with the draft and puts each message on its field.
func (m Model) refused(err error) (Model, tea.Cmd) {
	r := draft.RefusalFrom(err, m.cfg.Now())
	m.d.Refusal = r
	banner := func() tea.Msg { return msgs.Error{Op: "send the listing", Err: err} }
	switch {
	case api.IsCode(err, api.CodeDuplicate):
		var e *api.Error
		errors.As(err, &e)
		m.sub.note = i18n.T("editor.duplicate")
		if e.ExistingListingID != 0 {
			m.sub.note += i18n.T("editor.duplicate_of", "ID", e.ExistingListingID)
		}
		r.Fields[draft.FieldTitle] = m.sub.note
	case api.IsUnreachable(err) && !m.d.IsEdit():
		m.sub.note = i18n.T("editor.no_answer")
	case len(r.Fields) > 0:
		m.sub.note, m.sub.fields = refusalNote(len(r.Fields)), true
	default:
		m.sub.note = i18n.T("editor.not_sent", "Err", termtext.Clean(err.Error()))
	}
	if f := firstField(r.Fields); f != "" {
		return m, tea.Batch(banner, m.focusField(f))
	}
	return m, banner
}
