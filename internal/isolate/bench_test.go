package isolate

import (
	"os/exec"
	"testing"
)

// BenchmarkStart: starting and reaping /bin/true in a domain of its own
// (a fresh OS thread each time) against a plain start and wait.
func BenchmarkStart(b *testing.B) {
	b.Run("isolated", func(b *testing.B) {
		for b.Loop() {
			waited := make(chan error, 1)
			if err := Start(exec.Command("/bin/true"), func(err error) { waited <- err }); err != nil {
				b.Fatal(err)
			}
			if err := <-waited; err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			if err := exec.Command("/bin/true").Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
