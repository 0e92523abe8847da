package toolplane_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/source/gofunc"
)

// A configuration becomes the runtime the CLI would build from it: here the
// [cli] allowlist, next to a Go capability of the embedder.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "toolplane-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "toolplane.toml")
	toml := "[cli]\nmode = \"allowlist\"\nallow = [\"printf\"]\n"
	if err := os.WriteFile(path, []byte(toml), 0o600); err != nil {
		log.Fatal(err)
	}

	ctx := context.Background()
	cfg, err := config.Load(path)
	if err != nil {
		log.Fatal(err)
	}
	rt, err := toolplane.Open(ctx, cfg, toolplane.OpenOptions{},
		toolplane.WithCapabilities(gofunc.New("greeter", "greet", "Greet someone.", greet)))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Stop()
	res, err := rt.Execute(ctx, `
name = (await printf("%s", "ada"))["stdout"]
return (await greeter.greet(name=name))["greeting"]
`, toolplane.ExecuteOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Value, res.Error)
	// Output:
	// Hello, ada! <nil>
}
