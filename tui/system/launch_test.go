//go:build unix

package system

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The launcher runs in a session of its own (no controlling terminal: it cannot open
// /dev/tty), with nothing to read and nowhere visible to write, and gets the
// environment it is given on top of the app's.
func TestLaunchIsDetached(t *testing.T) {
	if _, err := exec.LookPath("ps"); err != nil {
		t.Skip("no ps")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	script := `echo "$$ $(ps -o sid= -p $$) $BROWSER" > ` + out + `; read line; echo "read:$line" >> ` + out + `; echo printed`
	l := launch([]string{"sh", "-c", script}, []string{"BROWSER=firefox"}, 5*time.Second)
	if l.Err != nil || l.Running {
		t.Fatalf("%+v", l)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	if len(f) < 4 || f[0] != f[1] || f[2] != "firefox" || f[3] != "read:" {
		t.Errorf("pid, session, $BROWSER, stdin: %q", b)
	}
}

func TestLaunchIsBounded(t *testing.T) {
	start := time.Now()
	l := launch([]string{"sleep", "2"}, nil, 100*time.Millisecond)
	if !l.Running || time.Since(start) > time.Second {
		t.Errorf("%+v after %v", l, time.Since(start))
	}
	if l := launch([]string{"false"}, nil, 5*time.Second); l.Err == nil {
		t.Error("false succeeded")
	}
	if l := launch([]string{"/nonexistent/launcher"}, nil, time.Second); l.Err == nil || failure("launcher", l.Err) != "no launcher here (set $BROWSER to your browser)" {
		t.Errorf("a missing launcher: %+v: %s", l, failure("launcher", l.Err))
	}
}
