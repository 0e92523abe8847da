// Package deploy builds toolplane's container image without a container
// daemon and holds the tests that keep the deployment files (the
// Dockerfile at the repository's root, the Kubernetes manifests in
// deploy/kubernetes) true to the code.
//
// The image is what the Dockerfile builds: one static binary on an empty
// base, no shell and no package manager, run as an unprivileged user.
// BuildImage writes it as an image tarball with go-containerregistry,
// from a binary built with CGO_ENABLED=0:
//
//	CGO_ENABLED=0 go build -trimpath -o toolplane ./cmd/toolplane
//	go run ./deploy/mkimage -binary toolplane -o toolplane-image.tar
//	skopeo copy oci-archive:toolplane-image.tar docker://REGISTRY/toolplane:TAG
package deploy

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// What the image is; the Dockerfile says the same (a test compares them).
const (
	// BinaryPath is where the binary lives in the image.
	BinaryPath = "/usr/local/bin/toolplane"
	// User is the image's user: numeric, so no /etc/passwd lookup decides
	// it, and not root.
	User = "65532:65532"
	// Home is the user's home directory, writable by it.
	Home = "/home/toolplane"
	// ConfigPath is where the manifests mount toolplane.toml.
	ConfigPath = "/etc/toolplane/toolplane.toml"
	// Port is the MCP listener's port.
	Port = 8080
)

// Entrypoint and Cmd of the image: serve MCP over HTTP on Port with the
// mounted configuration.
var (
	Entrypoint = []string{BinaryPath}
	Cmd        = []string{"serve", "mcp", "--transport", "http", "--addr", fmt.Sprintf("0.0.0.0:%d", Port), "--config", ConfigPath}
	Env        = []string{"HOME=" + Home, "TMPDIR=/tmp"}
)

// ImageOptions say what goes in the image besides the binary.
type ImageOptions struct {
	// CACertificates, when set, is a PEM bundle installed as
	// /etc/ssl/certs/ca-certificates.crt (for HTTPS upstreams and OAuth).
	CACertificates string
	// Tag names the image in the tarball (default toolplane:dev).
	Tag string
	// Arch is the image's architecture (default amd64).
	Arch string
}

// BuildImage writes the image of the static binary at binary to out, an
// OCI archive: the OCI image layout in a tar (podman load, skopeo copy
// oci-archive:, docker load from Docker 25 read it).
func BuildImage(binary, out string, opts ImageOptions) error {
	layer, err := rootLayer(binary, opts.CACertificates)
	if err != nil {
		return err
	}
	img, err := mutate.AppendLayers(empty.Image, layer)
	if err != nil {
		return fmt.Errorf("deploy: adding the layer: %w", err)
	}
	img = mutate.MediaType(img, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	cf, err := img.ConfigFile()
	if err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	cf = cf.DeepCopy()
	cf.OS = "linux"
	cf.Architecture = opts.Arch
	if cf.Architecture == "" {
		cf.Architecture = "amd64"
	}
	cf.Config.Entrypoint = Entrypoint
	cf.Config.Cmd = Cmd
	cf.Config.Env = Env
	cf.Config.User = User
	cf.Config.WorkingDir = Home
	cf.Config.ExposedPorts = map[string]struct{}{fmt.Sprintf("%d/tcp", Port): {}}
	cf.Config.Labels = map[string]string{"org.opencontainers.image.title": "toolplane"}
	img, err = mutate.ConfigFile(img, cf)
	if err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	tagName := opts.Tag
	if tagName == "" {
		tagName = "toolplane:dev"
	}
	if _, err := name.NewTag(tagName); err != nil {
		return fmt.Errorf("deploy: tag %q: %w", tagName, err)
	}
	dir, err := os.MkdirTemp("", "toolplane-image-")
	if err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	defer os.RemoveAll(dir)
	lp, err := layout.Write(dir, empty.Index)
	if err != nil {
		return fmt.Errorf("deploy: writing the image layout: %w", err)
	}
	if err := lp.AppendImage(img, layout.WithAnnotations(map[string]string{"org.opencontainers.image.ref.name": tagName})); err != nil {
		return fmt.Errorf("deploy: writing the image layout: %w", err)
	}
	return tarDir(dir, out)
}

// tarDir writes the files under dir to the tar archive out, paths
// relative to dir: an OCI image layout becomes an OCI archive.
func tarDir(dir, out string) error {
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	tw := tar.NewWriter(f)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		info, err := d.Info()
		if err != nil {
			return err
		}
		h, err := tar.FileInfoHeader(info, "")
		if err != nil {
			return err
		}
		h.Name, h.ModTime, h.Uid, h.Gid, h.Uname, h.Gname = filepath.ToSlash(rel), time.Unix(0, 0), 0, 0, "", ""
		if d.IsDir() {
			h.Name += "/"
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		src, err := os.Open(path)
		if err != nil {
			return err
		}
		defer src.Close()
		_, err = io.Copy(tw, src)
		return err
	})
	if err == nil {
		err = tw.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("deploy: writing %s: %w", out, err)
	}
	return nil
}

// rootLayer is the image's one layer: the binary, the user's home, /tmp
// (sticky, for the sandbox workers' directories), the CA bundle, and
// passwd and group entries naming the user. Nothing else: no shell, no
// package manager, no libc.
func rootLayer(binary, caCerts string) (v1.Layer, error) {
	bin, err := os.ReadFile(binary)
	if err != nil {
		return nil, fmt.Errorf("deploy: reading the binary: %w", err)
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	epoch := time.Unix(0, 0)
	dir := func(path string, mode int64, uid int) error {
		return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: path + "/", Mode: mode, Uid: uid, Gid: uid, ModTime: epoch})
	}
	file := func(path string, mode int64, data []byte) error {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: path, Mode: mode, Size: int64(len(data)), ModTime: epoch}); err != nil {
			return err
		}
		_, err := tw.Write(data)
		return err
	}
	steps := []func() error{
		func() error { return dir("etc", 0o755, 0) },
		func() error { return dir("etc/ssl", 0o755, 0) },
		func() error { return dir("etc/ssl/certs", 0o755, 0) },
		func() error { return dir("etc/toolplane", 0o755, 0) },
		func() error {
			return file("etc/passwd", 0o644, []byte("root:x:0:0:root:/root:/sbin/nologin\ntoolplane:x:65532:65532:toolplane:"+Home+":/sbin/nologin\n"))
		},
		func() error { return file("etc/group", 0o644, []byte("root:x:0:\ntoolplane:x:65532:\n")) },
		func() error { return dir("home", 0o755, 0) },
		func() error { return dir(Home[1:], 0o700, 65532) },
		func() error { return dir("tmp", 0o1777, 0) },
		func() error { return dir("usr", 0o755, 0) },
		func() error { return dir("usr/local", 0o755, 0) },
		func() error { return dir("usr/local/bin", 0o755, 0) },
		func() error { return file(BinaryPath[1:], 0o755, bin) },
	}
	if caCerts != "" {
		pem, err := os.ReadFile(caCerts)
		if err != nil {
			return nil, fmt.Errorf("deploy: reading the CA certificates: %w", err)
		}
		steps = append(steps, func() error { return file("etc/ssl/certs/ca-certificates.crt", 0o644, pem) })
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("deploy: writing the layer: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("deploy: writing the layer: %w", err)
	}
	data := buf.Bytes()
	return tarball.LayerFromOpener(func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil })
}
