package main

import "testing"

// trustHere trusts dir/toolplane.toml, as a user who reviewed it would.
func trustHere(t *testing.T, dir string) {
	t.Helper()
	if r := runTP(t, dir, nil, "", "trust"); r.code != 0 {
		t.Fatalf("toolplane trust: %+v", r)
	}
}
