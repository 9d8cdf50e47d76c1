package api

import "fmt"

// Move is what the spec says of a status change the owner asks for.
type Move int

const (
	// MoveAllowed: the status endpoint makes the change.
	MoveAllowed Move = iota
	// MoveNoop: the listing already has that status; nothing need be sent.
	MoveNoop
	// MoveRefused: the API does not make this change; sending it costs a request and
	// is refused.
	MoveRefused
)

// CheckMove says whether the owner can move a listing from one status to another
// through the status endpoint, and why not: the spec allows only an active listing to
// be deactivated and an inactive one to be activated ("States and transitions", rules
// 1 and 2; the sold origin of the operation table is not shown to work, so it is not
// offered). The TUI, the CLI and bulk plans all ask here, before any request is spent.
func CheckMove(from, to Status) (Move, string) {
	if to != StatusActive && to != StatusInactive {
		return MoveRefused, "only activation and deactivation can be done through the API"
	}
	if from == to {
		return MoveNoop, "already " + string(to)
	}
	switch from {
	case StatusPending:
		return MoveRefused, "awaiting moderation"
	case StatusBlocked:
		return MoveRefused, "rejected by a moderator: edit it to resubmit"
	case StatusSold, StatusArchived:
		return MoveRefused, "only a moderator or admin can do it on the website"
	}
	if to == StatusActive && from != StatusInactive {
		return MoveRefused, fmt.Sprintf("a %s listing cannot be activated", from)
	}
	if to == StatusInactive && from != StatusActive {
		return MoveRefused, fmt.Sprintf("a %s listing cannot be deactivated", from)
	}
	return MoveAllowed, ""
}

// Edit is what an edit does to a listing's status.
type Edit int

const (
	// EditKeeps: the status stays (inactive; and a status the client does not know,
	// whose rule it cannot tell).
	EditKeeps Edit = iota
	// EditToModeration: an active listing becomes pending and is hidden until a
	// moderator approves it again (the spec's rule).
	EditToModeration
	// EditRestartsReview: a pending listing stays pending; its review starts again.
	EditRestartsReview
	// EditResubmits: a blocked listing becomes pending: it goes to moderation again.
	EditResubmits
	// EditRefused: the listing cannot be edited through the API; sending an edit
	// costs a request and is refused.
	EditRefused
)

// CheckEdit says what an edit does to a listing of status s, and why an edit is
// refused. The spec states only active → pending ("States and transitions"); for the
// other statuses the client follows what docs/sandbox.md records (sold and archived
// listings are refused with not_editable, a blocked one is resubmitted), so that a
// plan never promises what the service refuses. The import, the bulk edit and the
// form all ask here before a request is spent.
func CheckEdit(s Status) (Edit, string) {
	switch s {
	case StatusActive:
		return EditToModeration, ""
	case StatusPending:
		return EditRestartsReview, ""
	case StatusBlocked:
		return EditResubmits, ""
	case StatusSold, StatusArchived:
		return EditRefused, fmt.Sprintf("the listing is %s: it cannot be edited through the API; manage it on the website", s)
	}
	return EditKeeps, ""
}
