package toolplane_test

import (
	"context"
	"fmt"
	"log"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/source/gofunc"
)

type greetIn struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

type greetOut struct {
	Greeting string `json:"greeting"`
}

func greet(ctx context.Context, in greetIn) (greetOut, error) {
	return greetOut{Greeting: "Hello, " + in.Name + "!"}, nil
}

// A Go function becomes a capability; a snippet calls it by flat alias,
// scoped alias or call_tool, and every call passes the middleware.
func ExampleRuntime_Execute() {
	rt, err := toolplane.New(toolplane.WithCapabilities(gofunc.New("greeter", "greet", "Greet someone.", greet)))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Stop()
	rt.Use(func(next dispatch.Handler) dispatch.Handler {
		return func(ctx context.Context, call *dispatch.Call) (*dispatch.Result, error) {
			fmt.Println("call:", call.Origin, call.CapabilityID, call.Args["name"])
			return next(ctx, call)
		}
	})
	res, err := rt.Execute(context.Background(), `
a = await greeter_greet(name="ada")
b = await greeter.greet(name="grace")
c = await call_tool("go:greeter/greet", {"name": "linus"})
print("three greetings")
return [a["greeting"], b["greeting"], c["greeting"]]
`, toolplane.ExecuteOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(res.Stdout)
	fmt.Println(res.Value, res.CapabilityCalls)
	// Output:
	// call: snippet go:greeter/greet ada
	// call: snippet go:greeter/greet grace
	// call: snippet go:greeter/greet linus
	// three greetings
	// [Hello, ada! Hello, grace! Hello, linus!] 3
}

// The same chain serves calls made from Go.
func ExampleRuntime_Call() {
	rt, err := toolplane.New(toolplane.WithCapabilities(gofunc.New("greeter", "greet", "Greet someone.", greet)))
	if err != nil {
		log.Fatal(err)
	}
	defer rt.Stop()
	res, err := rt.Call(context.Background(), "greeter.greet", greetIn{Name: "ada"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Structured)
	// Output: map[greeting:Hello, ada!]
}
