//go:build unix

package system

import (
	"os/exec"
	"syscall"
)

// detach starts the command in a session of its own: without a controlling terminal.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
