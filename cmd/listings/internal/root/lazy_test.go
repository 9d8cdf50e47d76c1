package root

import (
	"context"
	"testing"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
)

// newFor builds only the command a command line names; what a user gets must be what
// the whole tree gives.

func TestCommandsBearTheirNames(t *testing.T) {
	t.Parallel()
	ios, _, _ := iostreams.Test("")
	f := cmdtest.NewFactory(map[string]string{}, ios)
	for _, c := range commands {
		if got := c.build(f).Name(); got != c.name {
			t.Errorf("commands has %q for the command named %q: newFor would build the wrong one", c.name, got)
		}
	}
}

func TestOneCommandIsBuiltForItsCommandLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want []string // the top-level commands built; nil is all of them
	}{
		{[]string{"version"}, []string{"version"}},
		{[]string{"--profile", "work", "--lang=en", "upload", "photo", "--help"}, []string{"upload"}},
		{[]string{"--base-url", "version", "ls"}, []string{"ls"}}, // a flag's value is not a command
		{[]string{}, []string{}}, // the app: no command on its path
		{[]string{"--sandbox", "--no-notify", "--lang=en"}, []string{}}, // the app, with flags
		{[]string{"--profile", "work"}, nil},                            // a flag's value: taken for a command
		{[]string{"--", "ls"}, nil},
		{[]string{"-h"}, nil},
		{[]string{"--version"}, nil},
		{[]string{"--help"}, nil},     // lists every command
		{[]string{"help", "ls"}, nil}, // cobra's help command
		{[]string{"lss"}, nil},        // suggestions come from every name
		{[]string{"completion", "bash"}, nil},
		{[]string{"__complete", "ver"}, nil},
	} {
		ios, _, _ := iostreams.Test("")
		var got []string
		for _, c := range newFor(cmdtest.NewFactory(map[string]string{}, ios), tc.args).Commands() {
			got = append(got, c.Name())
		}
		if tc.want == nil {
			if len(got) < len(commands) {
				t.Errorf("%q: built %v, want the whole tree", tc.args, got)
			}
		} else if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] {
			t.Errorf("%q: built %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestOneCommandRunsAsInTheWholeTree(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{}, // the app, here without a terminal
		{"--sandbox", "--no-notify"},
		{"--bogus"},
		{"--lang=xx"},
		{"--", "ls"},
		{"-h"},
		{"--help"},
		{"--version"},
		{"version"},
		{"version", "--help"},
		{"version", "extra"},
		{"--lang=en", "--profile", "nobody", "version"},
		{"--base-url", "http://127.0.0.1:1", "version"},
		{"-h", "version"},
		{"version", "--bogus"},
		{"ls", "--help"},
		{"ls", "--bogus"},
		{"show"},
		{"upload"},
		{"upload", "phot"},
		{"upload", "photo", "--help"},
		{"auth", "--help"},
		{"auth", "status", "extra"},
		{"sandbox", "keys", "x"},
		{"import", "--help"},
		{"import", "template", "--help"},
		{"jobs", "--help"},
		{"activate", "--help"},
		{"suggest-category", "--help"},
	} {
		lazyOut, lazyErr, lazyCode := runOn(t, args, newFor)
		wholeOut, wholeErr, wholeCode := runOn(t, args, func(f *cmdutil.Factory, _ []string) *cobra.Command { return New(f) })
		if lazyOut != wholeOut || lazyErr != wholeErr || lazyCode != wholeCode {
			t.Errorf("%q: built alone, exit %d, stdout:\n%s\nstderr:\n%s\nin the whole tree, exit %d, stdout:\n%s\nstderr:\n%s",
				args, lazyCode, lazyOut, lazyErr, wholeCode, wholeOut, wholeErr)
		}
	}
}

func runOn(t *testing.T, args []string, tree func(*cmdutil.Factory, []string) *cobra.Command) (stdout, stderr string, code int) {
	t.Helper()
	ios, out, errOut := iostreams.Test("")
	home := t.TempDir()
	f := cmdtest.NewFactory(map[string]string{"HOME": home, "XDG_CONFIG_HOME": home}, ios)
	code = execute(context.Background(), f, args, tree(f, args))
	return out.String(), errOut.String(), code
}
