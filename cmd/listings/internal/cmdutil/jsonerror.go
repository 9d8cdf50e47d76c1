package cmdutil

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore"
)

// A command run with --json prints JSON on standard output whatever happens: its
// result, or, when it fails having printed nothing, the error object below. The root
// prints it (root.Execute), for every command at once, so no command can forget;
// a command that printed its own JSON (upload photo's array with an error per file,
// a bulk job's outcomes) keeps it as the one document on standard output. The line
// on standard error and the exit code are as without --json.

// ErrorJSON is the error object of a failed --json command:
//
//	{"ok": false, "error": {"code": "file_codec", "message": "…"}, "exit_code": 2}
type ErrorJSON struct {
	OK       bool      `json:"ok"`
	Error    ErrorBody `json:"error"`
	ExitCode int       `json:"exit_code"`
}

// ErrorBody is the code and message of an error, as JSON: also each failed file of
// upload photo --json.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// ErrorCode is the machine code of an error for JSON: the service's code, the rule a
// local file broke (file_format, file_size, file_duration, file_codec…), or a word
// for what happened: unreachable, cancelled, no_key, usage, error.
func ErrorCode(err error) string {
	var fe *api.FileError
	if e, ok := api.AsError(err); ok && e.Code != "" {
		return e.Code
	}
	switch {
	case errors.As(err, &fe):
		return "file_" + fe.Rule
	case api.IsUnreachable(err):
		return "unreachable"
	case errors.Is(err, context.Canceled):
		return "cancelled"
	case errors.Is(err, keystore.ErrNoKey):
		return "no_key"
	case IsUsage(err):
		return "usage"
	}
	return "error"
}

// PrintErrorJSON writes the error object of a failed command: msg is the message as
// standard error has it (cleaned, the key redacted), code the exit code.
func PrintErrorJSON(w io.Writer, err error, msg string, code int) error {
	return PrintJSON(w, ErrorJSON{Error: ErrorBody{Code: ErrorCode(err), Message: msg}, ExitCode: code})
}

// WantsJSON reports whether cmd was asked for JSON: its --json flag is set, or, when
// the command line failed before its flags were all read (an unknown flag, a bad
// value), args hold --json before any "--".
func WantsJSON(cmd *cobra.Command, args []string) bool {
	if cmd == nil {
		return false
	}
	fl := cmd.Flags().Lookup("json")
	if fl == nil || fl.Value.Type() != "bool" {
		return false
	}
	if fl.Changed {
		return fl.Value.String() == "true"
	}
	return jsonInArgs(fl, args)
}

func jsonInArgs(fl *pflag.Flag, args []string) bool {
	want := false
	for _, a := range args {
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || name != fl.Name {
			continue
		}
		want = true
		if hasVal {
			want, _ = strconv.ParseBool(val)
		}
	}
	return want
}
