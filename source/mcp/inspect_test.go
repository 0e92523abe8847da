package mcp

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestScanMessage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		msg                        string
		id, method                 string
		result, listing            bool
		depth, blocks, tools, vals int
	}{
		{msg: `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"a,b"},{"type":"text","text":"c"}]}}`, id: "7", result: true, depth: 4, blocks: 2},
		{msg: `{"result":{"structuredContent":{"content":[1,2,3]},"content":[]},"id":"x"}`, id: `"x"`, result: true, depth: 4, blocks: 0},
		{msg: `{"id":1,"result":{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":"b"}],"nextCursor":"2"}}`, id: "1", result: true, listing: true, depth: 5, tools: 2},
		{msg: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`, method: `"notifications/tools/list_changed"`, depth: 1},
		{msg: `{"method":"ping","id":5,"params":{"\"id\"":9}}`, id: "5", method: `"ping"`, depth: 2},
		{msg: `{"id":2,"result":{"content":[` + strings.Repeat(`{"type":"text","text":""},`, 99) + `{"type":"text","text":"\\\"}"}]}}`, id: "2", result: true, depth: 4, blocks: 100},
		{msg: `  {"id" : 3 , "result" : { "content" : [ ] } }  `, id: "3", result: true, depth: 3},
		// Keys with escapes are the keys they decode to.
		{msg: `{"i\u0064":8,"r\u0065sult":{"con\u0074ent":[{},{},{}]}}`, id: "8", result: true, depth: 4, blocks: 3},
	} {
		sh := scanMessage([]byte(tc.msg))
		if string(sh.id) != tc.id || string(sh.method) != tc.method || sh.hasResult != tc.result || sh.listing != tc.listing ||
			sh.depth != tc.depth || sh.blocks != tc.blocks || sh.tools != tc.tools {
			t.Errorf("scanMessage(%.80s) = id %q method %q result %v listing %v depth %d blocks %d tools %d", tc.msg, sh.id, sh.method, sh.hasResult, sh.listing, sh.depth, sh.blocks, sh.tools)
		}
	}
}

func TestInspectorAnswersInPlace(t *testing.T) {
	t.Parallel()
	lim := &Limits{}
	lim.setDefaults()
	lim.MaxResultBytes = 1 << 10
	in := newInspector("evil", lim)
	big := `{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"` + strings.Repeat("a", 2<<10) + `"}]}}`
	got := string(in.inspect([]byte(big)))
	if !strings.Contains(got, `"id":4`) || !strings.Contains(got, "max_result_bytes") || !strings.Contains(got, `"error"`) {
		t.Errorf("oversized result became %s", got)
	}
	for _, drop := range []string{
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"x"}}`,
		`{"jsonrpc":"2.0","id":1.5,"result":{}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"result":{}}`,
		`{"jsonrpc":"2.0","result":{}}`,
	} {
		if out := in.inspect([]byte(drop)); out != nil {
			t.Errorf("%s passed as %s", drop, out)
		}
	}
	for _, keep := range []string{
		`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`,
		`{"jsonrpc":"2.0","id":"s-1","result":{"content":[]}}`,
		"not JSON at all", // the SDK reports garbage
	} {
		if out := in.inspect([]byte(keep)); string(out) != keep {
			t.Errorf("%s became %s", keep, out)
		}
	}
	// Requests from the server: a burst passes, a storm does not.
	passed := 0
	for i := 0; i < 1000; i++ {
		if in.inspect([]byte(`{"jsonrpc":"2.0","id":9,"method":"ping"}`)) != nil {
			passed++
		}
	}
	if passed < maxServerRequestBurst || passed > maxServerRequestBurst+5 {
		t.Errorf("%d of 1000 requests passed; want about the burst of %d", passed, maxServerRequestBurst)
	}
}

func TestLineReader(t *testing.T) {
	t.Parallel()
	upper := func(b []byte) []byte {
		if bytes.HasPrefix(b, []byte("drop")) {
			return nil
		}
		return bytes.ToUpper(b)
	}
	src := "one\ndrop me\ntwo\n" + strings.Repeat("x", 100) + "\nlast"
	r := newLineReader(iotest.OneByteReader(strings.NewReader(src)), func() error { return nil }, 200, upper)
	got, err := io.ReadAll(r)
	if err != nil || string(got) != "ONE\nTWO\n"+strings.Repeat("X", 100)+"\nLAST" {
		t.Errorf("read %q, %v", got, err)
	}
	long := strings.NewReader("ok\n" + strings.Repeat("y", 10000))
	r = newLineReader(long, func() error { return nil }, 1000, upper)
	got, err = io.ReadAll(r)
	if string(got) != "OK\n" || !errors.Is(err, errMessageTooLarge) {
		t.Errorf("an endless line: read %q, %v", got, err)
	}
}

// TestLineReaderLetsLargeBuffersGo: after a 4 MB message is read, the
// connection no longer holds the buffer it was read into (it was kept,
// with the copy the SDK read, for the connection's life: a server that
// once sent a 15 MB catalog left 30 MB held by an idle connection).
func TestLineReaderLetsLargeBuffersGo(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("z", 4<<20)
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(big + "\nsmall\n"))
		_, _ = pw.Write([]byte("third\n"))
		// The stream stays open, as a live server's stdout does.
	}()
	defer pw.Close()
	r := newLineReader(pr, func() error { return nil }, 8<<20, func(b []byte) []byte { return b })
	got := make([]byte, len(big)+1)
	if _, err := io.ReadFull(r, got); err != nil || string(got) != big+"\n" {
		t.Fatalf("the large line: %v", err)
	}
	for _, want := range []string{"small\n", "third\n"} {
		line := make([]byte, len(want))
		if _, err := io.ReadFull(r, line); err != nil || string(line) != want {
			t.Fatalf("the line after: %q %v", line, err)
		}
	}
	if cap(r.buf) > maxIdleLineBuffer || cap(r.out) > maxIdleLineBuffer {
		t.Errorf("between lines the reader holds a buffer of %d bytes and a line of %d", cap(r.buf), cap(r.out))
	}
}

func TestSSEFilter(t *testing.T) {
	t.Parallel()
	lim := &Limits{}
	lim.setDefaults()
	lim.MaxResultBytes = 1 << 10
	in := newInspector("evil", lim)
	stream := "id: 1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n\n" +
		"id: 2\ndata: {\"jsonrpc\":\"2.0\",\n data: \"id\":3,\"result\":{\"content\":[]}}\n\n" +
		": comment\n\n" +
		"id: 4\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + strings.Repeat("a", 1200) + "\"}]}}\n\n"
	f := newSSEFilter(io.NopCloser(strings.NewReader(stream)), lim.maxMessageBytes(), in.inspect)
	got, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	s := string(got)
	if strings.Contains(s, "notifications/message") || !strings.Contains(s, "id: 1\n") {
		t.Errorf("a dropped notification should leave its id and lose its data:\n%s", s)
	}
	if !strings.Contains(s, `"id":3`) || !strings.Contains(s, `"id":5,"error"`) || strings.Contains(s, strings.Repeat("a", 1200)) {
		t.Errorf("filtered stream:\n%s", s)
	}
	var events int
	for _, ev := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if ev != "" {
			events++
		}
	}
	if events != 4 {
		t.Errorf("%d events, want 4:\n%s", events, s)
	}

	endless := io.NopCloser(io.MultiReader(strings.NewReader("data: "), strings.NewReader(strings.Repeat("z", 1<<20))))
	_, err = io.ReadAll(newSSEFilter(endless, lim.maxMessageBytes(), in.inspect))
	if !errors.Is(err, errMessageTooLarge) {
		t.Errorf("an endless event: %v", err)
	}
}

func TestSanitizeText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain\ttext\nline":                   "plain\ttext\nline",
		"\x1b[31mred\x1b[0m":                  "red",
		"\x1b]0;title\x07after":               "after",
		"bell\x07nul\x00del\x7f":              "bellnuldel",
		"bidi\u202eevil\u2066x\u200bzw\ufeff": "bidievilxzw",
		"bad\xffutf8":                         "bad\ufffdutf8",
		"c1\u0085\u009bx":                     "c1x",
	} {
		if got := SanitizeText(in); got != want {
			t.Errorf("SanitizeText(%q) = %q, want %q", in, got, want)
		}
	}
}
