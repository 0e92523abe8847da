// Command mkimage writes toolplane's container image as an image tarball,
// without a container daemon (see package deploy):
//
//	CGO_ENABLED=0 go build -trimpath -o toolplane ./cmd/toolplane
//	go run ./deploy/mkimage -binary toolplane -o toolplane-image.tar
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/toolplane/toolplane/deploy"
)

func main() {
	binary := flag.String("binary", "toolplane", "the static toolplane binary (CGO_ENABLED=0)")
	out := flag.String("o", "toolplane-image.tar", "the image tarball to write")
	tag := flag.String("tag", "toolplane:dev", "the image's name and tag in the tarball")
	ca := flag.String("ca-certificates", "/etc/ssl/certs/ca-certificates.crt", "a PEM bundle of CA certificates to install (empty: none)")
	flag.Parse()
	if *ca != "" {
		if _, err := os.Stat(*ca); err != nil {
			fmt.Fprintf(os.Stderr, "mkimage: -ca-certificates %s: %v (pass -ca-certificates= for none)\n", *ca, err)
			os.Exit(1)
		}
	}
	if err := deploy.BuildImage(*binary, *out, deploy.ImageOptions{CACertificates: *ca, Tag: *tag, Arch: runtime.GOARCH}); err != nil {
		fmt.Fprintln(os.Stderr, "mkimage:", err)
		os.Exit(1)
	}
}
