//go:build unix

package api_test

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/jobs/sheet"
)

// A named pipe given as a photo, a video, a sheet or in a photo cell is refused
// before it is opened: opening it would wait for a writer for ever, deaf to Ctrl+C.
// (The test would hang, and time out, without the check.)
func TestNamedPipeIsRefusedNotOpened(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "photo.jpg")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	if _, err := api.CheckPhoto(pipe); err == nil || !strings.Contains(err.Error(), "not a regular file (a named pipe)") {
		t.Errorf("photo: %v", err)
	}
	if _, err := api.CheckVideo(pipe); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("video: %v", err)
	}
	if _, err := media.Files("photo.jpg", dir); err == nil || !strings.Contains(err.Error(), "a named pipe") {
		t.Errorf("photo cell: %v", err)
	}
	sheetPipe := filepath.Join(dir, "stock.csv")
	if err := syscall.Mkfifo(sheetPipe, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := sheet.Read(sheetPipe, sheet.CSV); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("sheet: %v", err)
	}
}
