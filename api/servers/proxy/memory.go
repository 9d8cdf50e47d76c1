package proxy

import (
	"context"
	"io"
)

// memBudget is the memory the frames held at once may use, in bufferChunk steps: one
// token in the channel is one chunk in use.
type memBudget struct{ chunks chan struct{} }

func newMemBudget(bytes int64) *memBudget {
	n := max(bytes/bufferChunk, 1)
	return &memBudget{chunks: make(chan struct{}, n)}
}

// frameBuffer collects one frame's bytes, reserving its memory in the budget before it
// grows, so the bytes held by all callers together stay within the budget; a caller
// that sent little holds little.
type frameBuffer struct {
	mem  *memBudget
	data []byte
	held int // chunks reserved
}

// readFrom reads r to its end, or to limit bytes, waiting for memory when the budget is
// spent until ctx ends.
func (b *frameBuffer) readFrom(ctx context.Context, r io.Reader, limit int64) (int64, error) {
	for {
		if len(b.data) == cap(b.data) {
			if int64(len(b.data)) >= limit {
				return int64(len(b.data)), nil
			}
			if err := b.grow(ctx, int(min(int64(max(2*cap(b.data), bufferChunk)), limit))); err != nil {
				return int64(len(b.data)), err
			}
		}
		n, err := r.Read(b.data[len(b.data):cap(b.data)])
		b.data = b.data[:len(b.data)+n]
		if err == io.EOF {
			return int64(len(b.data)), nil
		}
		if err != nil {
			return int64(len(b.data)), err
		}
	}
}

// grow reserves the chunks a buffer of size bytes needs, then moves the data into it.
func (b *frameBuffer) grow(ctx context.Context, size int) error {
	need := (size + bufferChunk - 1) / bufferChunk
	for b.held < need {
		select { // a free chunk is taken even when ctx has ended: only a wait is cut
		case b.mem.chunks <- struct{}{}:
			b.held++
			continue
		default:
		}
		select {
		case b.mem.chunks <- struct{}{}:
			b.held++
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	grown := make([]byte, len(b.data), size)
	copy(grown, b.data)
	b.data = grown
	return nil
}

// release gives the buffer's memory back to the budget; the buffer is empty after it.
func (b *frameBuffer) release() {
	for ; b.held > 0; b.held-- {
		<-b.mem.chunks
	}
	b.data = nil
}
