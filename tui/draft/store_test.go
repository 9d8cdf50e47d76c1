package draft

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestStoreRoundTripAndList(t *testing.T) {
	dir := t.TempDir()
	s := OpenStore(dir)
	a := filled()
	a.Attributes["brand"] = AttrValue{Type: "text", Text: "Trek"}
	a.Photos = []Photo{{Path: "/x/1.jpg", URL: "http://m/1.webp", URLWM: "http://m/1wm.webp"}}
	b := filled()
	b.ID, b.UpdatedAt = "b", now.Add(time.Minute)
	other := filled()
	other.ID, other.BaseURL = "other", "https://api.example.com"
	for _, d := range []*Draft{a, b, other} {
		if err := s.Save(d); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "drafts", "broken.json"), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load(a.ID)
	if err != nil || got.Title != a.Title || got.Attributes["brand"].Text != "Trek" || got.Photos[0].URLWM != "http://m/1wm.webp" {
		t.Fatalf("load: %+v %v", got, err)
	}
	list, err := s.List(a.BaseURL + "/")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range list {
		ids = append(ids, l.ID)
		if l.ID == "broken" && (l.Err == nil || !strings.Contains(l.Err.Error(), "damaged")) {
			t.Errorf("broken draft: %v", l.Err)
		}
	}
	if strings.Join(ids, ",") != "b,"+a.ID+",broken" {
		t.Errorf("list order %v", ids)
	}
	if fi, err := os.Stat(filepath.Join(dir, "drafts", a.ID+".json")); err != nil || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600) {
		t.Errorf("draft file: %v %v", fi.Mode(), err)
	}
	if err := s.Delete(a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(a.ID); err != nil {
		t.Errorf("second delete: %v", err)
	}
	if _, err := s.Load("../etc/passwd"); err == nil {
		t.Error("a path as id was accepted")
	}
}

func TestSaverLatestWins(t *testing.T) {
	s := OpenStore(t.TempDir())
	sv := NewSaver(s, nil)
	d := filled()
	for i := range 200 {
		d.Title = fmt.Sprintf("Title number %d", i)
		if err := sv.Save(d); err != nil {
			t.Fatal(err)
		}
	}
	if err := sv.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load(d.ID)
	if err != nil || got.Title != "Title number 199" {
		t.Fatalf("%+v %v", got, err)
	}
	sv.Forget(d.ID)
	if err := s.Delete(d.ID); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.List(""); len(l) != 0 {
		t.Errorf("forgotten draft came back: %v", l)
	}
}

func TestSaverReportsFailure(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	sv := NewSaver(OpenStore(blocker), func(err error) { got <- err })
	_ = sv.Save(filled())
	if err := sv.Flush(); err == nil {
		t.Fatal("writing under a file succeeded")
	}
	if err := <-got; !strings.Contains(err.Error(), "save draft") {
		t.Errorf("onErr: %v", err)
	}
}

// TestKilledMidWrite kills a process that saves a draft as fast as it can, many
// times over, and checks the file left behind is always a whole draft.
func TestKilledMidWrite(t *testing.T) {
	if os.Getenv("DRAFT_WRITER") != "" {
		writeForever(os.Getenv("DRAFT_WRITER"))
		return
	}
	if testing.Short() {
		t.Skip("spawns processes")
	}
	dir := t.TempDir()
	for round := range 5 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledMidWrite$")
		cmd.Env = append(os.Environ(), "DRAFT_WRITER="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		seen := 0
		for sc.Scan() && seen < 20+round*15 {
			if _, err := strconv.Atoi(strings.TrimSpace(sc.Text())); err == nil {
				seen++
			}
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		d, err := OpenStore(dir).Load("killed")
		if err != nil || !strings.HasPrefix(d.Title, "Version ") {
			t.Fatalf("round %d: the draft after a kill: %+v %v", round, d, err)
		}
	}
}

func writeForever(dir string) {
	s := OpenStore(dir)
	sv := NewSaver(s, nil)
	d := filled()
	d.ID = "killed"
	d.Description = strings.Repeat("A long description that takes some bytes. ", 100)
	for i := 0; ; i++ {
		d.Title = fmt.Sprintf("Version %d", i)
		_ = sv.Save(d)
		_ = sv.Flush()
		fmt.Println(i)
	}
}

// State tells a failed write and then the recovery, latest first.
func TestSaverStateReportsFailureAndRecovery(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	bad := NewSaver(OpenStore(blocker), nil)
	if err := bad.Save(&Draft{ID: "d1"}); err != nil {
		t.Fatal(err)
	}
	_ = bad.Flush()
	if err := <-bad.State(); err == nil {
		t.Fatal("a write into a file as if it were a directory reported no failure")
	}
	good := NewSaver(OpenStore(filepath.Join(dir, "drafts")), nil)
	if err := good.Save(&Draft{ID: "d1"}); err != nil {
		t.Fatal(err)
	}
	_ = good.Flush()
	select {
	case err := <-good.State():
		t.Fatalf("a healthy saver reported %v", err)
	default:
	}
}
