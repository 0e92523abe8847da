package lineconn

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

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
