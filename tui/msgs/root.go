package msgs

import tea "github.com/charmbracelet/bubbletea"

// A view asks the root for something by sending one of this package's messages, and
// the root knows one from a view's own answers by its type: ToRoot. Which messages
// are for the root is said by the types themselves (each implements ToRoot), never
// by their package's name, and what the root does with each is a method of Root: a
// message added here without its method on the root does not compile, and a
// message of another package (a view's own answer) can never be taken for one.

// Root is what the root does with each message a view sends it; the TUI's root
// implements it.
type Root interface {
	OpenListing(OpenListing) tea.Cmd
	Back(Back) tea.Cmd
	Error(Error) tea.Cmd
	Notice(Notice) tea.Cmd
	RequestStatus(RequestStatus) tea.Cmd
	Watch(Watch) tea.Cmd
	Unauthorized(Unauthorized) tea.Cmd
	ListingSaved(ListingSaved) tea.Cmd
	ResumeDraft(ResumeDraft) tea.Cmd
	Bulk(Bulk) tea.Cmd
	StartJob(StartJob) tea.Cmd
	OpenImport(OpenImport) tea.Cmd
	ShowJobs(ShowJobs) tea.Cmd
	LoggedIn(LoggedIn) tea.Cmd
	// Broadcast tells every view news one of them learnt (ListingChanged,
	// LangChanged, DraftsChanged, ListingsAdded).
	Broadcast(tea.Msg) tea.Cmd
}

// ToRoot is a message a view sends to the root: SendTo hands it to the root's
// method for it.
type ToRoot interface {
	SendTo(Root) tea.Cmd
}

// SendTo hands the message to the root.
func (x OpenListing) SendTo(r Root) tea.Cmd    { return r.OpenListing(x) }
func (x Back) SendTo(r Root) tea.Cmd           { return r.Back(x) }
func (x Error) SendTo(r Root) tea.Cmd          { return r.Error(x) }
func (x Notice) SendTo(r Root) tea.Cmd         { return r.Notice(x) }
func (x RequestStatus) SendTo(r Root) tea.Cmd  { return r.RequestStatus(x) }
func (x Watch) SendTo(r Root) tea.Cmd          { return r.Watch(x) }
func (x Unauthorized) SendTo(r Root) tea.Cmd   { return r.Unauthorized(x) }
func (x ListingSaved) SendTo(r Root) tea.Cmd   { return r.ListingSaved(x) }
func (x ResumeDraft) SendTo(r Root) tea.Cmd    { return r.ResumeDraft(x) }
func (x Bulk) SendTo(r Root) tea.Cmd           { return r.Bulk(x) }
func (x StartJob) SendTo(r Root) tea.Cmd       { return r.StartJob(x) }
func (x OpenImport) SendTo(r Root) tea.Cmd     { return r.OpenImport(x) }
func (x ShowJobs) SendTo(r Root) tea.Cmd       { return r.ShowJobs(x) }
func (x LoggedIn) SendTo(r Root) tea.Cmd       { return r.LoggedIn(x) }
func (x ListingChanged) SendTo(r Root) tea.Cmd { return r.Broadcast(x) }
func (x LangChanged) SendTo(r Root) tea.Cmd    { return r.Broadcast(x) }
func (x DraftsChanged) SendTo(r Root) tea.Cmd  { return r.Broadcast(x) }
func (x ListingsAdded) SendTo(r Root) tea.Cmd  { return r.Broadcast(x) }
