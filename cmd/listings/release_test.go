package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The release build (.goreleaser.yaml, make snapshot) sets the version by ldflags; these
// tests hold the pieces together: the config is valid, and the variable it sets is the
// one `listings version` prints.

const goreleaserConfig = "../../.goreleaser.yaml"

// TestGoreleaserCheck validates the config with goreleaser itself. goreleaser is not
// installed in CI (it takes minutes to build), so there this test skips.
func TestGoreleaserCheck(t *testing.T) {
	bin, err := exec.LookPath("goreleaser")
	if err != nil {
		t.Skip("goreleaser is not on PATH, so .goreleaser.yaml is not checked; install it with " +
			"go install github.com/goreleaser/goreleaser/v2@v2.14.3 to run this test")
	}
	cmd := exec.Command(bin, "check", "--config", filepath.Base(goreleaserConfig))
	cmd.Dir = filepath.Dir(goreleaserConfig)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("goreleaser check: %v\n%s", err, out)
	}
}

// TestGoreleaserConfigMatchesTheBuild checks, without goreleaser, what the release
// promises: static binaries for the six platforms, and the version through the
// variable this package really has. TestReleaseBinary builds with the same settings.
func TestGoreleaserConfigMatchesTheBuild(t *testing.T) {
	data, err := os.ReadFile(goreleaserConfig)
	if err != nil {
		t.Fatal(err)
	}
	cfg := string(data)
	for _, want := range []string{
		"version: 2",
		"main: ./cmd/listings",
		"- CGO_ENABLED=0",
		"goos: [linux, darwin, windows]",
		"goarch: [amd64, arm64]",
		"-X main.version={{ .Version }}",
		"- nodynamic",
	} {
		if !strings.Contains(cfg, want) {
			t.Errorf(".goreleaser.yaml lacks %q", want)
		}
	}
	makefile, err := os.ReadFile("../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(makefile), "-X main.version=$(VERSION)") ||
		!strings.Contains(string(makefile), "goreleaser release --snapshot --clean") {
		t.Error("the Makefile's build or snapshot target no longer sets the version the same way")
	}
}

// TestReleaseBinary builds the binary with the release's settings (CGO_ENABLED=0, the
// nodynamic tag, the version by -X) and runs it: it must print that version and, on
// Linux, be static (no ELF interpreter), so that it starts on musl and in scratch images.
func TestReleaseBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "listings")
	build := exec.Command("go", "build", "-tags", "nodynamic", "-ldflags", "-X main.version=v9.9.9", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, err := exec.Command(bin, args...).Output()
		if err != nil {
			t.Fatalf("listings %v: %v", args, err)
		}
		if !strings.HasPrefix(string(out), "listings v9.9.9 (") {
			t.Errorf("listings %v printed %q, want the version set by ldflags, v9.9.9", args, out)
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the release binary is dynamically linked (it has an ELF interpreter); " +
				"a dependency loads C libraries without cgo: build it with -tags nodynamic")
		}
	}
}
