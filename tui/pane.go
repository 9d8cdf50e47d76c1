package tui

// viewID names a view of the registry (tui/internal/registry holds them). A view is
// added by giving it an id here and a line where the root builds the views (setClient
// or toLogin); routing, keys, help, sizing and rendering find it in the registry.
// Tests add views of their own past numViews.
type viewID int

const (
	viewBrowser viewID = iota
	viewDetail
	viewWatch
	viewLogin
	viewEditor
	viewDrafts
	viewBulk   // the form and plan of a bulk action (tui/bulkform)
	viewJobs   // the jobs panel (tui/jobs)
	viewImport // the import of a sheet, up to its job (tui/importer)
	numViews
)
