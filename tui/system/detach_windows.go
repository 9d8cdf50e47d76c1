//go:build windows

package system

import (
	"os/exec"
	"syscall"
)

// detachedProcess is DETACHED_PROCESS of CreateProcess: the child gets no console,
// so a console program cannot write into the app's. No hidden window: rundll32
// would pass that on to the browser it starts.
const detachedProcess = 0x00000008

// detach starts the command without the app's console.
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: detachedProcess}
}
