package memwatch

import (
	"runtime"
	"testing"
	"time"
)

// The peak of the heap's objects covers a slice held while the watch ran.
func TestPeakSeesWhatWasHeld(t *testing.T) {
	runtime.GC()
	stop := Peak("/memory/classes/heap/objects:bytes", 100*time.Microsecond)
	held := make([]byte, 8<<20)
	for i := range held {
		held[i] = byte(i)
	}
	time.Sleep(5 * time.Millisecond) // a few samples while it is held
	runtime.KeepAlive(held)
	if got := stop(); got < 8<<20 {
		t.Fatalf("peak %d bytes, want at least the 8 MiB held", got)
	}
}
