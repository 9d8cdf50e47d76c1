// Package kinds lists every kind of job (api/jobs/job): the app's jobs panel and
// `listings jobs` loop over All and know none of them by name, so a new kind is added
// here and nowhere in the front ends.
package kinds

import (
	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/job"
)

// All are the kinds of job: the bulk changes (status, price, edit), the import of a
// sheet, the export of details.
var All = job.Kinds{bulk.Kind, catalog.ImportKind, export.ExportKind}
