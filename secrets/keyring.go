package secrets

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
)

// KeyringStore keeps values in the OS keyring (Secret Service on Linux,
// Keychain on macOS, Credential Manager on Windows) under one service.
type KeyringStore struct {
	// Service is the keyring service name.
	Service string
	// Timeout bounds each keyring call; zero means 5s.
	Timeout time.Duration

	// mu serialises updates of the index entry within this process.
	mu sync.Mutex
}

// indexKey is the keyring entry listing the names, since keyrings cannot be
// listed portably. ':' is not allowed in a name, so no secret can collide.
const indexKey = ":index"

// call runs f with the timeout; keyring calls cannot be cancelled, so a hung
// one is abandoned to its goroutine.
func (k *KeyringStore) call(ctx context.Context, what string, f func() (string, error)) (string, error) {
	d := k.Timeout
	if d <= 0 {
		d = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	type answer struct {
		v   string
		err error
	}
	ch := make(chan answer, 1)
	go func() {
		v, err := f()
		ch <- answer{v, err}
	}()
	select {
	case a := <-ch:
		if errors.Is(a.err, keyring.ErrNotFound) {
			return "", ErrNotFound
		}
		return a.v, a.err
	case <-ctx.Done():
		return "", fmt.Errorf("OS keyring: %s: no answer within %s (is it locked?): %w", what, d, ctx.Err())
	}
}

// Probe reports whether the keyring answers, by reading an entry that does
// not exist.
func (k *KeyringStore) Probe(ctx context.Context) error {
	_, err := k.call(ctx, "probe", func() (string, error) { return keyring.Get(k.Service, ":probe") })
	if err == nil || errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// Where implements Store.
func (k *KeyringStore) Where() string { return fmt.Sprintf("the OS keyring (service %s)", k.Service) }

// Get implements Store.
func (k *KeyringStore) Get(ctx context.Context, name string) (string, error) {
	if err := ValidName(name); err != nil {
		return "", err
	}
	v, err := k.call(ctx, "get "+name, func() (string, error) { return keyring.Get(k.Service, name) })
	if errors.Is(err, ErrNotFound) {
		return "", fmt.Errorf("%s in %s: %w", name, k.Where(), ErrNotFound)
	}
	return v, err
}

// Set implements Store.
func (k *KeyringStore) Set(ctx context.Context, name, value string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	if _, err := k.call(ctx, "set "+name, func() (string, error) { return "", keyring.Set(k.Service, name, value) }); err != nil {
		return fmt.Errorf("storing %s in %s: %w", name, k.Where(), err)
	}
	return k.updateIndex(ctx, func(names []string) []string {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
		return names
	})
}

// Delete implements Store.
func (k *KeyringStore) Delete(ctx context.Context, name string) error {
	if err := ValidName(name); err != nil {
		return err
	}
	_, err := k.call(ctx, "delete "+name, func() (string, error) { return "", keyring.Delete(k.Service, name) })
	if errors.Is(err, ErrNotFound) {
		err = fmt.Errorf("%s in %s: %w", name, k.Where(), ErrNotFound)
	}
	ierr := k.updateIndex(ctx, func(names []string) []string {
		return slices.DeleteFunc(names, func(n string) bool { return n == name })
	})
	if err != nil {
		return err
	}
	return ierr
}

// List implements Store. It lists the names this package stored; entries
// written to the service by other tools are not seen.
func (k *KeyringStore) List(ctx context.Context) ([]string, error) {
	return k.index(ctx)
}

func (k *KeyringStore) index(ctx context.Context) ([]string, error) {
	raw, err := k.call(ctx, "read the index", func() (string, error) { return keyring.Get(k.Service, indexKey) })
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	if err := json.Unmarshal([]byte(raw), &names); err != nil {
		return nil, fmt.Errorf("%s: the index entry %q is damaged (%v); delete it and set the secrets again", k.Where(), indexKey, err)
	}
	slices.Sort(names)
	return names, nil
}

func (k *KeyringStore) updateIndex(ctx context.Context, f func([]string) []string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	names, err := k.index(ctx)
	if err != nil {
		return err
	}
	names = f(names)
	slices.Sort(names)
	data, _ := json.Marshal(names)
	_, err = k.call(ctx, "write the index", func() (string, error) { return "", keyring.Set(k.Service, indexKey, string(data)) })
	return err
}
