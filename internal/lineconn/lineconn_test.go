package lineconn

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// pipeConn is a conn reading input, with what it writes back readable
// line by line.
func pipeConn(t *testing.T, input string, limit int) (*conn, *bufio.Reader) {
	t.Helper()
	out, outW := io.Pipe()
	c, err := (&Transport{Reader: strings.NewReader(input), Writer: outW, MaxMessageBytes: limit}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close(); _ = out.Close() })
	return c.(*conn), bufio.NewReader(out)
}

func TestRefusalsAnswerAndGoOn(t *testing.T) {
	t.Parallel()
	big := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"pad":"` + strings.Repeat("z", 300) + `"}}`
	bigNote := `{"jsonrpc":"2.0","method":"notifications/x","params":{"pad":"` + strings.Repeat("z", 300) + `"}}`
	input := "\n  \n" + `[{"jsonrpc":"2.0","id":1,"method":"ping"}]` + "\n" + big + "\n" + bigNote + "\n" +
		`{"jsonrpc":"2.0","id":"a","method":"ping"}` + "\r\n" + `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	c, out := pipeConn(t, input, 200)
	answers := make(chan string, 2)
	go func() {
		for i := 0; i < 2; i++ {
			line, _ := out.ReadString('\n')
			answers <- line
		}
	}()
	for _, want := range []any{"a", int64(2)} {
		msg, err := c.Read(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok || req.ID.Raw() != want {
			t.Fatalf("got %#v, want the request %v", msg, want)
		}
	}
	if _, err := c.Read(context.Background()); err != io.EOF {
		t.Errorf("the end of the stream: %v", err)
	}
	if a := <-answers; !strings.Contains(a, `"id":null`) || !strings.Contains(a, "batches are not accepted") {
		t.Errorf("the batch's answer: %s", a)
	}
	if a := <-answers; !strings.Contains(a, `"id":7`) || !strings.Contains(a, "larger than the limit of 200 bytes") {
		t.Errorf("the oversize request's answer: %s", a)
	}
}

func TestGarbageEndsTheStream(t *testing.T) {
	t.Parallel()
	c, _ := pipeConn(t, "not json\n"+`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n", 0)
	if _, err := c.Read(context.Background()); err == nil || !strings.Contains(err.Error(), "not JSON-RPC") {
		t.Errorf("garbage: %v", err)
	}
}

// TestInFlightCap: a request past MaxInFlight or MaxInFlightBytes, or
// reusing the id of one in progress, is answered at once and never handed
// on; answering a request makes room for the next.
func TestInFlightCap(t *testing.T) {
	t.Parallel()
	in, inW := io.Pipe()
	out, outW := io.Pipe()
	c, err := (&Transport{Reader: in, Writer: outW, MaxInFlight: 3, MaxInFlightBytes: 3 * freeRequestBytes}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close(); _ = out.Close(); _ = inW.Close() })
	answers := make(chan string, 16)
	go func() {
		r := bufio.NewReader(out)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			answers <- line
		}
	}()
	next := func() string {
		t.Helper()
		select {
		case line := <-answers:
			return line
		case <-time.After(20 * time.Second):
			t.Fatal("no answer written in 20 s")
			return ""
		}
	}
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	read := func(want any) *jsonrpc.Request {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		msg, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok || req.ID.Raw() != want {
			t.Fatalf("got %#v, want the request %v", msg, want)
		}
		return req
	}
	refused := func(id, text string) {
		t.Helper()
		if line := next(); !strings.Contains(line, `"id":`+id+`,"error"`) || !strings.Contains(line, text) {
			t.Fatalf("got %s, want an error answering %s saying %q", line, id, text)
		}
	}
	answer := func(req *jsonrpc.Request) {
		t.Helper()
		done := make(chan error, 1)
		go func() {
			done <- c.Write(context.Background(), &jsonrpc.Response{ID: req.ID, Result: json.RawMessage(`{}`)})
		}()
		next()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	big := func(id string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"pad":"` + strings.Repeat("z", 2*freeRequestBytes) + `"}}`
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	one := read(int64(1))
	send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	refused("1", "already used by a request in progress")
	send(`{"jsonrpc":"2.0","method":"notifications/progress"}`) // not a request: never counted
	if msg, err := c.Read(context.Background()); err != nil || msg.(*jsonrpc.Request).IsCall() {
		t.Fatalf("the notification: %#v, %v", msg, err)
	}
	send(big(`"a"`))
	a := read("a")
	send(big(`"b"`)) // two large ones are more than 3 free sizes
	refused(`"b"`, "wait for their answers")
	send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	read(int64(2))
	send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`) // the fourth
	refused("3", "wait for their answers")

	answer(one)
	send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`) // its id is free again
	read(int64(1))
	answer(a)
	send(big(`"b"`))
	read("b")
}

// TestNotJSONRPCQuotesNothing: the error of a line that is not JSON-RPC
// says what is wrong without quoting the line, whose values the decoder's
// error quoted (the "jsonrpc" member whole): a peer's text, secrets
// included, at any length.
func TestNotJSONRPCQuotesNothing(t *testing.T) {
	t.Parallel()
	secret := "SECRET-" + strings.Repeat("s", 5000)
	for line, want := range map[string]string{
		`{"jsonrpc":"` + secret + `","id":1,"result":{}}`:            `"jsonrpc" member is not "2.0"`,
		`{"jsonrpc":"2.0","id":1e999` + secret[:0] + `,"result":{}}`: "is not of its type",
		`{"jsonrpc":"2.0","id":"1","error":"` + secret + `"}`:        "is not of its type",
		`{"jsonrpc":"2.0","id":1,"method":"` + secret + `}`:          "not JSON (unexpected end of JSON input",
		`SECRET-` + secret: "not JSON (invalid character 'S' looking for beginning of value, at byte 1)",
		`"` + secret + `"`: "JSON that is not an object",
	} {
		c, _ := pipeConn(t, line+"\n", -1)
		_, err := c.Read(context.Background())
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "SECRET") || len(err.Error()) > 200 {
			t.Errorf("%.40s...: %.300v; want an error saying %q and quoting nothing", line, err, want)
		}
	}
}
