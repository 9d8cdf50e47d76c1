//go:build !unix && !windows

package system

import "os/exec"

// detach has nothing to do where there are no terminal sessions to leave.
func detach(*exec.Cmd) {}
