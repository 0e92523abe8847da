package regex

import (
	"regexp"
	"strings"
	"testing"
)

// The benchmarks run typical agent patterns on the same text with this engine and with
// Go's regexp (RE2, linear time, fewer features) where the syntax means the same thing.
// Report the ratio ns/op(ours) / ns/op(regexp) from `go test -bench .`.

var benchText = strings.Repeat("2024-01-31 12:45:07 INFO user=alice@example.com action=login ip=10.0.0.17 took 35ms\n"+
	"2024-01-31 12:45:09 WARN user=bob@example.org action=upload size=1048576 path=/srv/data/file.tar.gz\n", 200)

var benchPatterns = []struct{ name, pattern string }{
	{"literal", `action=upload`},
	{"email", `[\w.+-]+@[\w-]+\.[\w.]+`},
	{"kv", `(\w+)=(\S+)`},
	{"date", `\d{4}-\d{2}-\d{2}`},
	{"line_anchor", `(?m)^\S+ \S+ WARN .*$`},
	{"alternation", `\b(?:login|logout|upload|download)\b`},
	{"nomatch_lazy", `user=.*?ZZZ`},
}

func BenchmarkFindAll(b *testing.B) {
	subject := []rune(benchText)
	for _, bp := range benchPatterns {
		re, err := Compile(bp.pattern, 0)
		if err != nil {
			b.Fatal(err)
		}
		gore := regexp.MustCompile(bp.pattern)
		b.Run(bp.name+"/python", func(b *testing.B) {
			b.SetBytes(int64(len(benchText)))
			for i := 0; i < b.N; i++ {
				if _, err := re.FindAll(nil, subject, 0, len(subject)); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bp.name+"/goregexp", func(b *testing.B) {
			b.SetBytes(int64(len(benchText)))
			for i := 0; i < b.N; i++ {
				gore.FindAllStringSubmatch(benchText, -1)
			}
		})
	}
}

func BenchmarkCompile(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Compile(`(?P<user>[\w.+-]+)@(?P<host>[\w-]+\.[\w.]+)|(\d{4})-(\d\d)`, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSub(b *testing.B) {
	re, _ := Compile(`(\w+)=(\S+)`, 0)
	t, _ := re.ParseTemplate(`\2:\1`)
	subject := []rune(benchText)
	for i := 0; i < b.N; i++ {
		if _, _, err := re.Sub(nil, subject, func(m *Match) (string, error) { return t.Expand(m), nil }, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShortMatch is the per-call overhead: a small pattern on a short line, as in a
// loop over lines.
func BenchmarkShortMatch(b *testing.B) {
	re, _ := Compile(`^(\w+)=(\d+)$`, 0)
	gore := regexp.MustCompile(`^(\w+)=(\d+)$`)
	line := "timeout=30"
	b.Run("python", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			s := []rune(line)
			if m, _ := re.Match(nil, s, 0, len(s)); m == nil {
				b.Fatal("no match")
			}
		}
	})
	b.Run("goregexp", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if gore.FindStringSubmatchIndex(line) == nil {
				b.Fatal("no match")
			}
		}
	})
}
