package keystore

import (
	"context"
	"fmt"
	"sync"
)

// Memory is a Store that keeps keys in a map, for tests and the in-process
// sandbox. It is safe for concurrent use. The zero value is not usable;
// create one with NewMemory.
type Memory struct {
	kind Source
	mu   sync.RWMutex
	keys map[string]string
}

// NewMemory returns an empty Memory store that reports kind from Kind, so a
// test or the sandbox can stand it in for the keyring or the file.
func NewMemory(kind Source) *Memory {
	return &Memory{kind: kind, keys: make(map[string]string)}
}

// Kind reports the Source given to NewMemory.
func (m *Memory) Kind() Source { return m.kind }

// Get returns the key of profile or ErrNotFound.
func (m *Memory) Get(ctx context.Context, profile string) (string, error) {
	if err := checkCall(ctx, "memory get", profile); err != nil {
		return "", err
	}
	m.mu.RLock()
	key, ok := m.keys[profile]
	m.mu.RUnlock()
	if !ok {
		return "", fmt.Errorf("memory store: profile %q: %w", profile, ErrNotFound)
	}
	return key, nil
}

// Set stores key for profile.
func (m *Memory) Set(ctx context.Context, profile, key string) error {
	if err := checkCall(ctx, "memory set", profile); err != nil {
		return err
	}
	if key == "" {
		return fmt.Errorf("memory set: profile %q: %w", profile, ErrEmptyKey)
	}
	m.mu.Lock()
	m.keys[profile] = key
	m.mu.Unlock()
	return nil
}

// Delete removes the key of profile, or returns ErrNotFound.
func (m *Memory) Delete(ctx context.Context, profile string) error {
	if err := checkCall(ctx, "memory delete", profile); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.keys[profile]; !ok {
		return fmt.Errorf("memory store: profile %q: %w", profile, ErrNotFound)
	}
	delete(m.keys, profile)
	return nil
}

// checkCall holds the checks every Store method starts with: a live context
// and a valid profile name. op names the operation for the error message.
func checkCall(ctx context.Context, op, profile string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := ValidProfile(profile); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}
