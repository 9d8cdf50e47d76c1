package keystore

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

func TestMemory(t *testing.T) {
	ctx := context.Background()
	m := NewMemory(SourceKeyring)
	if m.Kind() != SourceKeyring {
		t.Fatalf("Kind = %v", m.Kind())
	}
	if _, err := m.Get(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get empty = %v, want ErrNotFound", err)
	}
	if err := m.Set(ctx, "p", testKey); err != nil {
		t.Fatal(err)
	}
	if got, err := m.Get(ctx, "p"); err != nil || got != testKey {
		t.Fatalf("Get = %q, %v", got, err)
	}
	if err := m.Set(ctx, "p", ""); !errors.Is(err, ErrEmptyKey) {
		t.Fatalf("Set empty = %v", err)
	}
	if err := m.Delete(ctx, "p"); err != nil {
		t.Fatal(err)
	}
	if err := m.Delete(ctx, "p"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Delete twice = %v", err)
	}
	if err := m.Set(ctx, "bad name", testKey); !errors.Is(err, ErrInvalidProfile) {
		t.Fatalf("Set bad profile = %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := m.Get(cancelled, "p"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Get cancelled = %v", err)
	}
}

func TestMemoryConcurrent(t *testing.T) {
	ctx := context.Background()
	m := NewMemory(SourceFile)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			p := fmt.Sprintf("p%d", i%4)
			_ = m.Set(ctx, p, testKey)
			_, _ = m.Get(ctx, p)
			_ = m.Delete(ctx, p)
		})
	}
	wg.Wait()
}
