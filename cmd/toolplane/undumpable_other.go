//go:build !linux

package main

// makeUndumpable does nothing where there is no PR_SET_DUMPABLE.
func makeUndumpable() {}
