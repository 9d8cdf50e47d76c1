package root_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
	"github.com/listings-tui/listings/cmd/listings/internal/root"
)

// jsonCommands walks the command tree for every command with a --json flag, by path
// without "listings".
func jsonCommands(t *testing.T) []string {
	ios, _, _ := iostreams.Test("")
	var out []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Flags().Lookup("json") != nil && c.Runnable() {
			out = append(out, strings.TrimPrefix(c.CommandPath(), "listings "))
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root.New(cmdtest.NewFactory(map[string]string{}, ios)))
	return out
}

// jsonFailures makes each --json command fail as scripts meet it: the service out of
// reach (nothing listens on its port), a missing file, a bad argument; with the exit
// code README's "Exit codes" gives for it. A command added with --json and no line
// here fails TestJSONAlways.
var jsonFailures = map[string]struct {
	args []string
	code int
}{
	"activate":         {[]string{"activate", "10040"}, 1},
	"deactivate":       {[]string{"deactivate", "10040"}, 1},
	"price":            {[]string{"price", "10040", "--set", "100"}, 1},
	"attributes":       {[]string{"attributes", "1004"}, 1},
	"categories":       {[]string{"categories"}, 1},
	"cities":           {[]string{"cities", "Kyiv"}, 1},
	"suggest-category": {[]string{"suggest-category", "--title", "Mountain bicycle", "--description", "A light aluminium mountain bicycle"}, 1},
	"ls":               {[]string{"ls"}, 1},
	"show":             {[]string{"show", "10040"}, 1},
	"watch":            {[]string{"watch", "10040"}, 1},
	"ping":             {[]string{"ping"}, 1},
	"sync":             {[]string{"sync"}, 1},
	"stats":            {[]string{"stats", "not-an-id"}, 2},
	"auth status":      {[]string{"auth", "status", "surplus"}, 2},
	"create":           {[]string{"create", "--file", "/nonexistent/listing.json"}, 2},
	"edit":             {[]string{"edit", "10040", "--file", "/nonexistent/patch.json"}, 2},
	"import":           {[]string{"import", "/nonexistent/shop.csv"}, 2},
	"jobs":             {[]string{"jobs", "surplus"}, 2},
	"jobs show":        {[]string{"jobs", "show", "20990101-000000-nothing"}, 1},
	"jobs resume":      {[]string{"jobs", "resume", "20990101-000000-nothing"}, 1},
	"jobs retry":       {[]string{"jobs", "retry", "20990101-000000-nothing"}, 1},
	"jobs undo":        {[]string{"jobs", "undo", "20990101-000000-nothing"}, 1},
	"jobs prune":       {[]string{"jobs", "prune", "--older-than", "soon"}, 2},
	"sandbox keys":     {[]string{"sandbox", "keys", "surplus"}, 2},
	"upload photo":     {[]string{"upload", "photo", "/nonexistent/front.jpg"}, 2},
	"upload video":     {[]string{"upload", "video", "/nonexistent/walkaround.mp4"}, 2},
}

// TestJSONAlways: every command with --json prints one JSON document on standard
// output when it fails, whatever made it fail: the root's error object, or the
// command's own JSON with its errors in it; and exits with the documented code.
func TestJSONAlways(t *testing.T) {
	t.Parallel()
	c := clitest.Offline(t)
	c.CacheDir = t.TempDir()
	cmds := jsonCommands(t)
	if len(cmds) < 20 {
		t.Fatalf("only %d commands with --json found: %v", len(cmds), cmds)
	}
	for _, path := range cmds {
		fail, ok := jsonFailures[path]
		if !ok {
			t.Errorf("%s has --json but no failure in jsonFailures", path)
			continue
		}
		r := c.Run("", append(fail.args, "--json")...)
		checkJSONFailure(t, fail.args, r, fail.code)
		// A flag it does not know: the line fails before the command runs, and before
		// cobra has read --json, which comes after it.
		r = c.Run("", append(strings.Fields(path), "--no-such-flag", "--json")...)
		checkJSONFailure(t, []string{path, "--no-such-flag"}, r, cmdutil.ExitUsage)
		if e := errorObject(r.Stdout); e == nil || e.Error.Code != "usage" {
			t.Errorf("%s --no-such-flag: %s", path, r.Stdout)
		}
	}
	// Without --json, nothing on standard output.
	if r := c.Run("", "upload", "video", "/nonexistent/walkaround.mp4"); r.Stdout != "" || r.Code != cmdutil.ExitUsage {
		t.Errorf("without --json: %q, exit %d", r.Stdout, r.Code)
	}
	// --json=false is no --json.
	if r := c.Run("", "ls", "--no-such-flag", "--json=false"); r.Stdout != "" {
		t.Errorf("--json=false: %q", r.Stdout)
	}
}

// errorObject decodes the root's error object, nil when out is not one.
func errorObject(out string) *cmdutil.ErrorJSON {
	var e cmdutil.ErrorJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || dec.More() || e.OK || e.Error.Code == "" || e.Error.Message == "" {
		return nil
	}
	return &e
}

func checkJSONFailure(t *testing.T, args []string, r clitest.Result, code int) {
	t.Helper()
	if r.Code != code {
		t.Errorf("%v: exit %d, want %d\nstdout: %s\nstderr: %s", args, r.Code, code, r.Stdout, r.Stderr)
	}
	if !strings.HasPrefix(r.Stderr, "listings: ") && !strings.Contains(r.Stderr, "\nlistings: ") {
		t.Errorf("%v: no message on stderr: %q", args, r.Stderr)
	}
	if e := errorObject(r.Stdout); e != nil {
		if e.ExitCode != r.Code || !strings.Contains(r.Stderr, e.Error.Message) {
			t.Errorf("%v: error object %+v, exit %d, stderr %q", args, e, r.Code, r.Stderr)
		}
		return
	}
	// The command's own JSON: one document holding an error.
	var doc any
	dec := json.NewDecoder(strings.NewReader(r.Stdout))
	if err := dec.Decode(&doc); err != nil || dec.More() || !strings.Contains(r.Stdout, `"error"`) {
		t.Errorf("%v: standard output is not one JSON document with an error (%v):\n%s", args, err, r.Stdout)
	}
}
