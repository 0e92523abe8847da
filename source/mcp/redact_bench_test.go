package mcp

import (
	"strings"
	"testing"
)

// BenchmarkRedactorHide measures hiding three secrets in a 4 MiB result
// text with none in it, and with one every 64 KiB, against copying the
// text (the reference: every scan is one pass over it).
func BenchmarkRedactorHide(b *testing.B) {
	var r redactor
	r.setEnv(map[string]string{"A": "env://A", "B": "env://B", "C": "env://C"},
		map[string]string{"A": "sk-live-aaaaaaaa1", "B": "ghp_bbbbbbbbbbbbbbbb", "C": "xoxb-cccccccccc"}, nil)
	clean := strings.Repeat("the quick brown fox jumps over the lazy dog sk-live ghp_ xoxb\n", 4<<20/61)
	dirty := strings.Repeat(strings.Repeat("x", 64<<10-17)+"sk-live-aaaaaaaa1", 64)
	var sink string
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(int64(len(clean)))
		for i := 0; i < b.N; i++ {
			sink = strings.Clone(clean)
		}
	})
	b.Run("clean", func(b *testing.B) {
		b.SetBytes(int64(len(clean)))
		for i := 0; i < b.N; i++ {
			sink = r.hide(clean)
		}
	})
	b.Run("dirty", func(b *testing.B) {
		b.SetBytes(int64(len(dirty)))
		for i := 0; i < b.N; i++ {
			sink = r.hide(dirty)
		}
	})
	_ = sink
}
