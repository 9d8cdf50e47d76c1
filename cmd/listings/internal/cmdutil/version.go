package cmdutil

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// BuildVersion returns the release version set at link time (linked: main.version,
// set by -ldflags "-X main.version=v1.2.3" in make build and goreleaser), else the
// module version go install recorded, else the VCS revision, else "dev".
func BuildVersion(linked string) string {
	if linked != "" {
		return linked
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		return "dev-" + rev + dirty
	}
	return "dev"
}

// VersionString is what `listings version` prints.
func VersionString(version string) string {
	return fmt.Sprintf("listings %s (%s, %s/%s)", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
