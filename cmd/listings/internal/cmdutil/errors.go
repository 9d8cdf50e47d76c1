package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
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
// ExitCode still sees an auth or rate-limit failure inside.
type Error struct {
	msg string
	err error
}

// NewError returns an error that reads msg and unwraps to cause.
func NewError(msg string, cause error) error { return &Error{msg, cause} }

func (e *Error) Error() string { return e.msg }
func (e *Error) Unwrap() error { return e.err }

// Explain rewrites an API failure for a person at a terminal: every field error of a
// refused body on its own line, when a limit lifts, what to do about a missing scope.
// Hints come from the network, so they are cleaned.
func Explain(err error) error {
	if err == nil || IsUsage(err) {
		return err
	}
	e, ok := api.AsError(err)
	if !ok {
		return &Error{termtext.CleanBlock(err.Error()), err}
	}
	msg := termtext.Clean(err.Error())
	switch {
	case len(e.Errors) > 1 || (len(e.Errors) == 1 && (e.Status == 422 || e.Status == 400)):
		op, _, _ := strings.Cut(msg, ": ")
		var b strings.Builder
		fmt.Fprintf(&b, "%s: the service refused the request (HTTP %d, %s):", op, e.Status, termtext.Clean(e.Code))
		for _, fe := range e.Errors {
			fmt.Fprintf(&b, "\n  %s", fieldLine(fe))
		}
		msg = b.String()
	case api.IsDailyLimit(err):
		msg += "; the day's budget resets at " + resetTime(e.ResetsAt, 0)
	case api.IsRateLimit(err):
		msg += "; try again after " + resetTime(e.ResetsAt, e.RetryAfter)
	case api.IsScope(err):
		msg += "; or use a profile whose key has it (--profile)"
	case e.Code == api.CodeIPNotWhitelisted && e.YourIP != "" && !strings.Contains(e.Hint, e.YourIP):
		msg += "; the service sees this machine as " + termtext.Clean(e.YourIP)
	}
	if (api.IsAuth(err) || api.IsScope(err)) && !strings.Contains(e.Hint, settingsPlace) {
		msg += "; keys are managed in the account settings under " + settingsPlace
	}
	if e.Code == api.CodeDuplicate && e.ExistingListingID > 0 {
		msg += fmt.Sprintf("\n  it duplicates listing %d: see listings show %d", e.ExistingListingID, e.ExistingListingID)
	}
	return &Error{msg, err}
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
func resetTime(at time.Time, after time.Duration) string {
	switch {
	case !at.IsZero():
		return KyivTime(format.Stamp(at))
	case after > 0:
		return format.Wait(after)
	default:
		return "a minute"
	}
}

// KyivTime labels a time shown in the service's zone, for a message a person might
// read as local time: "2026-11-25 00:00 Kyiv time".
func KyivTime(s string) string { return s + " " + format.Zone() + " time" }

// ListingError explains a failure about one listing; a 404 gets a message that says
// what it means for the caller's own listings.
func ListingError(id int, err error) error {
	if api.IsNotFound(err) {
		return &Error{fmt.Sprintf("listing %d not found: it does not exist or belongs to another account; see listings ls --status all", id), err}
	}
	return Explain(err)
}
