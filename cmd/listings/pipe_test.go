package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/apitest"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// TestClosedPipeIsQuiet is `listings ls --all --json | head -1` with the real binary:
// the reader takes the first line and goes away while the command still writes. The
// command must end with 0 and nothing on stderr, as gh does, rather than die of
// SIGPIPE (exit 141 in a shell) or complain about a broken pipe.
func TestClosedPipeIsQuiet(t *testing.T) {
	// More listings than a pipe's buffer holds, so the writes meet the closed pipe.
	svc := apitest.Serve(t, sandbox.Options{Grow: []sandbox.Grow{{Key: "business", Listings: 1500}}})

	cmd := exec.Command(binary, "ls", "--all", "--status", "all", "--json")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "LISTINGS_CONFIG_DIR=" + t.TempDir(),
		"LISTINGS_CACHE_DIR=" + t.TempDir(), "LISTINGS_BASE_URL=" + svc.URL, "LISTINGS_API_KEY=" + sandbox.KeyBusiness}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || strings.TrimSpace(first) != "[" {
		t.Errorf("first line %q (%v), want [", first, err)
	}
	_ = stdout.Close() // head -1 exits
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != cmdutil.ExitOK || stderr.Len() != 0 {
		t.Errorf("ls --all --json | head -1: exit %d (%v, %s), stderr %q; want 0 and nothing",
			code, err, cmd.ProcessState, stderr.String())
	}
}

// TestFullDiskIsAnError: standard output that cannot take more (/dev/full) fails the
// command with one clear line, where a closed pipe does not.
func TestFullDiskIsAnError(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full on this system")
	}
	defer full.Close()
	for _, args := range [][]string{{"version"}, {"sandbox", "keys", "--json"}} {
		cmd := exec.Command(binary, args...)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &stderr
		_ = cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != cmdutil.ExitError ||
			stderr.String() != "listings: write standard output: no space left on device\n" {
			t.Errorf("%v > /dev/full: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
