// Package store is a dependency bound into tools with mcp:bind.
package store

import "sync"

// KV is a tiny in-memory key-value store.
type KV struct {
	mu sync.Mutex
	m  map[string]string
}

// NewKV returns an empty store.
func NewKV() *KV { return &KV{m: map[string]string{}} }

// Get returns the value of key.
func (s *KV) Get(key string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	return v, ok
}

// Set stores value under key.
func (s *KV) Set(key, value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = value
}
