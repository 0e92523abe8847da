package regex

import (
	"fmt"
	"sync"
	"testing"
)

// A compiled pattern is shared by goroutines (the runs of one module table); each call
// has its own matching state.
func TestConcurrentUse(t *testing.T) {
	t.Parallel()
	re, err := Compile(`(\w+)=(\d+)`, 0)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				s := []rune(fmt.Sprintf("k%d=%d x%d=%d", g, i, i, g))
				rows, err := re.FindAll(nil, s, 0, len(s))
				if err != nil {
					errs <- err
					return
				}
				want := fmt.Sprintf("[[k%d %d] [x%d %d]]", g, i, i, g)
				if got := fmt.Sprint(rows); got != want {
					errs <- fmt.Errorf("goroutine %d: got %s, want %s", g, got, want)
					return
				}
				m, _ := re.Search(nil, s, 0, len(s))
				if a, b := m.Span(2); string(s[a:b]) != fmt.Sprint(i) {
					errs <- fmt.Errorf("goroutine %d: group 2 = %q", g, string(s[a:b]))
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
