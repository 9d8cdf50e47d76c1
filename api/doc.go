// Package api is the typed client of the Listings Integration API v1: the resource
// types and their tolerant decoding, the HTTP client with its request budget, retries,
// error mapping (*Error{Status, Code, Hint}) and debug trace, and the streaming photo
// and video uploads with their local pre-checks. The TUI and the CLI talk to the
// service only through this tree, and nothing in it knows a terminal.
//
// The folders below it are its roles, one each:
//
//	api/                 the client (this package)
//	api/client/media     what a photo, video or 3D frame is before it is sent
//	api/client/rules     the spec's rules on fields, checked before a request is spent
//	api/client/format    the API's values for people (prices, counts, dates, statuses)
//	api/jobs/job         the one job engine: journal, workers, pause, retry, undo
//	api/jobs/kinds       every kind of job, for the front ends to loop over
//	api/jobs/bulk        kinds: status, price and edit on many listings
//	api/jobs/catalog     kind: the import of a sheet
//	api/jobs/export      kind: the export with details
//	api/jobs/sheet       the files of a catalogue (CSV, XLSX, JSON Lines)
//	api/jobs/eta         the time left of a job
//	api/mirror           the local SQLite mirror of an account
//	api/servers/sandbox  the in-process server of the whole API (`listings --sandbox`)
//	api/servers/proxy    the server-side proxy the 3D capture widget needs
//	api/apitest          what tests of every layer share: a sandbox, a fake clock, a client
//
// The arrows point one way: the client's parts import nothing of the jobs, the
// mirror or the servers; the jobs and the mirror use the client; the servers share
// only api/client/media with it, so that a file checked before its upload and the
// service's answer to it come from one rule. Nothing here imports the app, the CLI
// or the keystore (layers_test.go checks every arrow).
//
// The contract is ../shared/spec/listings-api-v1.md; where the spec says "not shown",
// the client accepts what docs/sandbox.md records and tolerates any other answer.
// User-facing behaviour (budget, retries, uploads, trace) is described in docs/api.md.
package api
