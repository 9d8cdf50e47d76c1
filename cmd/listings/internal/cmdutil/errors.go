package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/tui/termtext"
)

// Exit codes are part of the scripting contract (README, "Exit codes"): scripts may
// branch on them, so they never change meaning.
const (
	ExitOK        = 0
	ExitError     = 1
	ExitUsage     = 2
	ExitAuth      = 3
	ExitRateLimit = 4
	ExitCancelled = 130
)

// UsageError marks a mistake in how the command was called, so main exits with 2.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// UsageErrorf is a usage error with a message of its own.
func UsageErrorf(format string, args ...any) error {
	return &UsageError{fmt.Errorf(format, args...)}
}

// Usage is a usage error whose message is the catalog's entry id (Fail).
func Usage(id string, kv ...any) error { return &UsageError{Fail(nil, id, kv...)} }

// IsUsage reports whether err is a usage error.
func IsUsage(err error) bool {
	var ue *UsageError
	return errors.As(err, &ue)
}

// ExitCode is the exit code of a command that ended with err (not nil) under ctx.
func ExitCode(ctx context.Context, err error) int {
	switch {
	case IsUsage(err):
		return ExitUsage
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		return ExitCancelled
	case api.IsRateLimit(err):
		return ExitRateLimit
	// A missing scope is the key's limit too: the script needs another key, not other
	// data, so it shares the exit code of the other key failures.
	case api.IsAuth(err) || api.IsScope(err) || errors.Is(err, keystore.ErrNoKey):
		return ExitAuth
	default:
		return ExitError
	}
}

// Error is a message written for the user that keeps its cause in the chain, so
// ExitCode still sees an auth or rate-limit failure inside. Its Error() is English,
// as the --json error object and logs have it whatever the language; Human is the
// same in the interface's language, for standard error.
type Error struct {
	msg   string
	human string
	err   error
}

// NewError returns an error that reads msg and unwraps to cause.
func NewError(msg string, cause error) error { return &Error{msg: msg, err: cause} }

// Say returns an error whose message say writes: in English for Error(), in the
// interface's language for Human.
func Say(cause error, say func(p *i18n.Printer) string) error {
	return &Error{msg: say(i18n.For(i18n.English)), human: say(i18n.UI()), err: cause}
}

// Fail returns an error that reads the catalog's entry id and unwraps to cause.
func Fail(cause error, id string, kv ...any) error {
	return Say(cause, func(p *i18n.Printer) string { return p.T(id, kv...) })
}

func (e *Error) Error() string { return e.msg }
func (e *Error) Unwrap() error { return e.err }

// Human is the message in the interface's language.
func (e *Error) Human() string {
	if e.human == "" {
		return e.msg
	}
	return e.human
}

// Human is err's message for standard error, in the interface's language: every
// error of the chain that has a translation (Human) puts it in place of its English
// text, so an English prefix added by fmt.Errorf("…: %w") keeps the inner part
// translated. What has no translation (the service's own words) stays as it is.
func Human(err error) string {
	msg := err.Error()
	for e := err; e != nil; e = errors.Unwrap(e) {
		h, ok := e.(interface{ Human() string })
		if !ok {
			continue
		}
		if en, tr := e.Error(), h.Human(); en != tr {
			msg = strings.Replace(msg, en, tr, 1)
		}
	}
	return msg
}

// Explain rewrites an API failure for a person at a terminal: every field error of a
// refused body on its own line, when a limit lifts, what to do about a missing scope.
// Hints come from the network, so they are cleaned.
func Explain(err error) error {
	if err == nil || IsUsage(err) {
		return err
	}
	e, ok := api.AsError(err)
	if !ok {
		return &Error{msg: termtext.CleanBlock(err.Error()), err: err}
	}
	return Say(err, func(p *i18n.Printer) string { return explain(p, err, e) })
}

// explain is Explain's message in p's language; the service's own words (its message,
// hints, field errors) stay as it sent them.
func explain(p *i18n.Printer, err error, e *api.Error) string {
	msg := termtext.Clean(err.Error())
	switch {
	case len(e.Errors) > 1 || (len(e.Errors) == 1 && (e.Status == 422 || e.Status == 400)):
		op, _, _ := strings.Cut(msg, ": ")
		var b strings.Builder
		b.WriteString(p.T("cli.err.refused", "Op", op, "Status", e.Status, "Code", termtext.Clean(e.Code)))
		for _, fe := range e.Errors {
			fmt.Fprintf(&b, "\n  %s", fieldLine(fe))
		}
		msg = b.String()
	case api.IsDailyLimit(err):
		msg += p.T("cli.err.day_resets", "When", resetTime(p, e.ResetsAt, 0))
	case api.IsRateLimit(err):
		// "after" a moment, "in" a wait, as Ukrainian and Russian tell them apart.
		id := "cli.err.try_after_time"
		if e.ResetsAt.IsZero() {
			id = "cli.err.try_after_wait"
		}
		msg += p.T(id, "When", resetTime(p, e.ResetsAt, e.RetryAfter))
	case api.IsScope(err):
		msg += p.T("cli.err.other_profile")
	case e.Code == api.CodeIPNotWhitelisted && e.YourIP != "" && !strings.Contains(e.Hint, e.YourIP):
		msg += p.T("cli.err.your_ip", "IP", termtext.Clean(e.YourIP))
	}
	if (api.IsAuth(err) || api.IsScope(err)) && !strings.Contains(e.Hint, settingsPlace) {
		msg += p.T("cli.err.keys_place", "Place", settingsPlace)
	}
	if e.Code == api.CodeDuplicate && e.ExistingListingID > 0 {
		msg += "\n  " + p.T("cli.err.duplicate", "ID", e.ExistingListingID)
	}
	return msg
}

// settingsPlace is where the owner manages keys, scopes and the whitelist (facts.md);
// a hint that already names it is not repeated.
const settingsPlace = "API & integrations"

// fieldLine renders one field error as "title: must be at least 5 characters"; a hint
// that repeats the field name at its start loses the repetition.
func fieldLine(fe api.FieldError) string {
	return termtext.Clean(OrDash(fe.Field)) + ": " + termtext.Clean(fe.Message())
}

// resetTime says when a limit lifts: a moment in Kyiv time, else a wait.
func resetTime(p *i18n.Printer, at time.Time, after time.Duration) string {
	switch {
	case !at.IsZero():
		return KyivTimeIn(p, format.Stamp(at))
	case after > 0:
		return format.Wait(after)
	default:
		return p.T("cli.err.a_minute")
	}
}

// KyivTime labels a time shown in the service's zone, for a message a person might
// read as local time: "2026-11-25 00:00 Kyiv time".
func KyivTime(s string) string { return KyivTimeIn(i18n.UI(), s) }

// KyivTimeIn is KyivTime in p's language, for a message that is also kept in English.
func KyivTimeIn(p *i18n.Printer, s string) string { return p.T("cli.kyiv_time", "Time", s) }

// ListingError explains a failure about one listing; a 404 gets a message that says
// what it means for the caller's own listings.
func ListingError(id int, err error) error {
	if api.IsNotFound(err) {
		return Fail(err, "cli.err.listing_not_found", "ID", id)
	}
	return Explain(err)
}

// MessageIn is err's message in p's language, for a message that quotes it and is
// itself kept in English and in the interface's language (Say).
func MessageIn(p *i18n.Printer, err error) string {
	if p.Lang() == i18n.English {
		return err.Error()
	}
	return Human(err)
}
