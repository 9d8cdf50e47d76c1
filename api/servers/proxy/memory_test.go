package proxy

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// A frame's memory is reserved from the budget as it grows: a frame that would exceed
// the budget waits (here until its context ends), and a released frame gives it back.
func TestFrameBufferKeepsToTheBudget(t *testing.T) {
	mem := newMemBudget(4 * bufferChunk)
	small := &frameBuffer{mem: mem}
	if n, err := small.readFrom(context.Background(), bytes.NewReader(make([]byte, 10)), 1<<30); n != 10 || err != nil {
		t.Fatalf("small frame: %d, %v", n, err)
	}
	if len(mem.chunks) != 1 {
		t.Errorf("a 10-byte frame holds %d chunks, want 1", len(mem.chunks))
	}

	big := &frameBuffer{mem: mem}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // takes the 3 chunks left, then the wait for a 4th ends at once
	n, err := big.readFrom(ctx, bytes.NewReader(make([]byte, 4*bufferChunk)), 1<<30)
	if !errors.Is(err, context.Canceled) || len(mem.chunks) != 4 {
		t.Errorf("over the budget: read %d, %v, %d chunks held; want a wait cut by the context, all 4 held", n, err, len(mem.chunks))
	}
	big.release()
	small.release()
	if len(mem.chunks) != 0 {
		t.Errorf("%d chunks held after release, want 0", len(mem.chunks))
	}

	limited := &frameBuffer{mem: mem}
	if n, err := limited.readFrom(context.Background(), bytes.NewReader(make([]byte, 3*bufferChunk)), bufferChunk+1); n != bufferChunk+1 || err != nil {
		t.Errorf("limit: read %d, %v; want the limit %d", n, err, bufferChunk+1)
	}
	limited.release()
}
