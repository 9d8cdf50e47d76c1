package job

// The states of a job in its history, in a word.
const (
	StateRunning   = "running"   // a process holds its journal open
	StateStopped   = "stopped"   // items left and not given up: a resume carries on
	StateCancelled = "cancelled" // given up: what was left was not sent
	StateDone      = "done"      // nothing left (its failures counted apart)
)

// StateOf is where the job stands in its history. A job this process holds open is
// running too.
func StateOf(j Job) string {
	switch {
	case Running(j.File()):
		return StateRunning
	case j.Cancelled():
		return StateCancelled
	case j.Resumable():
		return StateStopped
	}
	return StateDone
}

// Lineage says what a job was made of: "undo of J", "retry of J", or "".
func Lineage(i *Info) string {
	switch {
	case i.Undoes != "":
		return "undo of " + i.Undoes
	case i.Retries != "":
		return "retry of " + i.Retries
	}
	return ""
}
