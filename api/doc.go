// Package api owns the typed client of the Listings Integration API v1: the resource
// types and their tolerant decoding, the HTTP client with its request budget, retries,
// error mapping and debug trace, and the streaming photo and video uploads with their
// local pre-checks. The TUI and the CLI talk to the service only through this package.
//
// The contract is ../shared/spec/listings-api-v1.md; where the spec says "not shown",
// the client accepts what docs/sandbox.md records and tolerates any other answer.
// User-facing behaviour (budget, retries, uploads, trace) is described in docs/api.md.
package api
