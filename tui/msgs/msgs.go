// Package msgs owns the messages that cross package lines inside the TUI: what a view
// asks of the root (open a listing, confirm a status change, show an error, watch a
// listing) and what the root tells every view (a listing changed, the language
// changed). It is a leaf: it imports only the API's packages (api, and api/jobs/bulk and
// api/jobs/catalog for the items and plans of bulk work and imports) and keystore (where a
// login's key is kept), so that views never import each other or the root. root.go
// says how the root knows these messages from a view's own.
package msgs

import (
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/keystore"
)

// OpenListing asks the root to show the detail of a listing.
type OpenListing struct {
	ID    int
	Title string // shown while the detail loads
}

// Back asks the root to return to the previous view.
type Back struct{}

// Error asks the root to show a failure in the dismissable banner. Op says what was
// being done ("load listings"); the banner adds the code, the hint and what to do.
type Error struct {
	Op  string
	Err error
}

// Notice is a short line for the status bar ("Listing 10053 deactivated").
type Notice struct {
	Text string
	Bell bool // ring the terminal bell, for a moderation decision
	// Background marks a notice that answers no key of the user's (a moderation
	// decision): it does not replace the answer to the user's last key before they
	// could read it (tui/notice.Board).
	Background bool
}

// RequestStatus asks the root to confirm and perform a status change. The root
// refuses moves the spec forbids before any request, with the reason.
type RequestStatus struct {
	ID    int
	Title string
	From  api.Status
	To    api.Status
}

// ListingChanged tells every view that a listing's state is now known to be this,
// so rows and details update in place without a reload.
type ListingChanged struct {
	ID     int
	Status api.Status
	// Listing is the full listing when the change came with one (a detail load,
	// a watch poll); nil when only the status is known.
	Listing *api.ListingFull
	// Moderation is set with Listing, for pending and blocked listings.
	Moderation *api.Moderation
	// Price is the new price when it is known without the listing (a bulk price job).
	Price *api.Price
}

// Watch asks the root to add a listing to the moderation watch.
type Watch struct {
	ID    int
	Title string
	// Group names the job or the bulk action the listing is watched with ("price job
	// 20261127-140501-price", "marked listings"): the watch panel shows a group as one
	// line, openable to its listings, and says nothing per listing added.
	Group string
}

// LangChanged tells every view the language of names and titles changed, and with
// it the interface's unless the user keeps them apart (i18n.UI is already the new
// one): a view that keeps words it drew (a form's labels, a table's headers) makes
// them again.
type LangChanged struct{ Lang string }

// Unauthorized tells the root the key no longer works (invalid_key, key_revoked):
// it leads to the login screen.
type Unauthorized struct{ Err error }

// Tick is the root's clock, for countdowns and the budget meter.
type Tick struct{ At time.Time }

// ListingSaved tells the root the editor's create or edit was accepted: the root
// shows it, refreshes the lists, and watches it while it is pending.
type ListingSaved struct {
	ID      int
	Title   string
	Status  api.Status
	Created bool // a new listing; false for an edit
}

// ResumeDraft asks the root to open the editor on a stored draft.
type ResumeDraft struct{ ID string }

// DraftsChanged tells every view the stored drafts changed (one was saved for the
// first time, sent or deleted), so counts and lists follow.
type DraftsChanged struct{}

// NewDraft asks the editor to open a new draft (n).
type NewDraft struct{}

// EditListing asks the editor to edit a listing (e): it resumes the unsent edit of
// it when there is one, else starts one from Listing (when the detail has it) or
// from a load.
type EditListing struct {
	ID      int
	Listing *api.ListingFull
}

// KeyScopes tells every view what the key may do, once ping has said (its
// scopes_granted): without listings:write the app is read-only, and no view offers
// activate, deactivate, new or edit.
type KeyScopes struct{ Write bool }

// BulkVerb is what a bulk action does to every listing of a set.
type BulkVerb string

// The bulk actions the browser asks for.
const (
	BulkActivate   BulkVerb = "activate"
	BulkDeactivate BulkVerb = "deactivate"
	BulkPrice      BulkVerb = "price"
	BulkEdit       BulkVerb = "edit"
)

// Bulk asks the root to act on several listings at once (the browser's marks, or
// the row under the cursor for a price or a fields change): the root opens the form
// the action needs and then its plan, which one confirmation turns into a job.
type Bulk struct {
	Verb  BulkVerb
	Items []bulk.Item
}

// StartJob asks the root to journal and run a confirmed plan as a job (tui/jobs):
// a bulk plan, or an import's when Import is set. Verb names a bulk job (its id's
// suffix, as the CLI's).
type StartJob struct {
	Verb   string
	Plan   bulk.Plan
	Import *catalog.Plan
}

// OpenImport asks the root to open the import of a sheet (tui/importer): the
// browser's and the drafts list's I.
type OpenImport struct{}

// ListingsAdded tells every view that listings were created elsewhere than in the
// editor (an import's job): the lists reload.
type ListingsAdded struct{ N int }

// ShowJobs asks the root to show the jobs panel (an interrupted job is offered for
// resuming, or a job was started).
type ShowJobs struct{}

// LoggedIn tells the root the login screen verified a key (and stored it, with a
// profile) or started the sandbox: the root makes its client and shows the listings.
type LoggedIn struct {
	BaseURL string
	Key     string
	Profile string // "" for the sandbox or a key that was not stored
	Info    *api.KeyInfo
	Source  keystore.Source
	Sandbox bool
	Stop    func() // stops the sandbox; nil otherwise
}
