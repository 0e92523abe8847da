package deploy

import (
	"archive/tar"
	"debug/elf"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// TestImage builds the image as CI does, without a daemon: a static
// binary (CGO_ENABLED=0) on an empty base, written as an image tarball.
// Read back, it runs the binary as a non-root user with serve mcp over
// HTTP on the mounted config, holds no shell or other program, and the
// binary inside answers `version`. The Dockerfile says the same.
func TestImage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a static binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "toolplane")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "github.com/toolplane/toolplane/cmd/toolplane")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the static binary: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "image.tar")
	if err := BuildImage(bin, out, ImageOptions{}); err != nil {
		t.Fatal(err)
	}

	img := readOCIArchive(t, out, filepath.Join(dir, "layout"))
	if mt, _ := img.MediaType(); mt != types.OCIManifestSchema1 {
		t.Errorf("manifest media type %s", mt)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	c := cf.Config
	if !slices.Equal(c.Entrypoint, []string{BinaryPath}) || !slices.Contains(c.Cmd, "serve") || !slices.Contains(c.Cmd, ConfigPath) {
		t.Errorf("entrypoint %v, cmd %v", c.Entrypoint, c.Cmd)
	}
	if uid, _, _ := strings.Cut(c.User, ":"); uid == "" || uid == "0" || uid == "root" || !regexp.MustCompile(`^[0-9]+$`).MatchString(uid) {
		t.Errorf("user %q: want a numeric non-root user", c.User)
	}

	layers, err := img.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("layers: %d, %v", len(layers), err)
	}
	rc, err := layers[0].Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	tr := tar.NewReader(rc)
	var files []string
	extracted := filepath.Join(dir, "extracted")
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg || h.Typeflag == tar.TypeSymlink || h.Typeflag == tar.TypeLink {
			files = append(files, "/"+h.Name)
		}
		if "/"+h.Name == BinaryPath {
			f, err := os.OpenFile(extracted, os.O_CREATE|os.O_WRONLY, 0o755)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(f, tr)
			f.Close()
		}
		if h.Typeflag == tar.TypeReg && h.Mode&0o111 != 0 && "/"+h.Name != BinaryPath {
			t.Errorf("another executable in the image: /%s", h.Name)
		}
	}
	for _, f := range files {
		if strings.HasPrefix(f, "/bin/") || strings.HasPrefix(f, "/sbin/") || strings.HasPrefix(f, "/usr/bin/") || strings.HasSuffix(f, "/sh") {
			t.Errorf("the image holds %s", f)
		}
	}
	ef, err := elf.Open(extracted)
	if err != nil {
		t.Fatalf("the binary in the image: %v", err)
	}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary in the image is dynamically linked")
		}
	}
	ef.Close()
	cmd := exec.Command(extracted, "version")
	cmd.Env = c.Env
	if v, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(v), "toolplane ") {
		t.Errorf("the image's binary answered version with %q, %v", v, err)
	}

	// The Dockerfile builds the same image.
	df, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	final := string(df[strings.LastIndex(string(df), "\nFROM "):])
	if !strings.Contains(final, "\nFROM scratch") {
		t.Error("the Dockerfile's final stage is not FROM scratch")
	}
	for _, want := range []string{"USER " + User, "EXPOSE 8080", "ENV " + strings.Join(Env, " ")} {
		if !strings.Contains(final, "\n"+want+"\n") {
			t.Errorf("the Dockerfile's final stage has no %q line", want)
		}
	}
	for directive, want := range map[string][]string{"ENTRYPOINT": Entrypoint, "CMD": Cmd} {
		wantJSON, _ := json.Marshal(want)
		if !strings.Contains(final, "\n"+directive+" "+strings.ReplaceAll(string(wantJSON), `","`, `", "`)+"\n") {
			t.Errorf("the Dockerfile's %s is not %s", directive, wantJSON)
		}
	}
	if !strings.Contains(string(df), "CGO_ENABLED=0 go build -trimpath") {
		t.Error("the Dockerfile does not build a static binary")
	}
}

// readOCIArchive unpacks the OCI archive at path into dir and returns its
// one image.
func readOCIArchive(t *testing.T, path, dir string) v1.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(target, dir) {
			t.Fatalf("archive entry %q leaves the directory", h.Name)
		}
		if h.Typeflag == tar.TypeDir {
			os.MkdirAll(target, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(target), 0o755)
		w, err := os.Create(target)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(w, tr)
		w.Close()
	}
	idx, err := layout.ImageIndexFromPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	im, err := idx.IndexManifest()
	if err != nil || len(im.Manifests) != 1 {
		t.Fatalf("index: %v, %v", im, err)
	}
	if im.Manifests[0].Annotations["org.opencontainers.image.ref.name"] != "toolplane:dev" {
		t.Errorf("index annotations %v", im.Manifests[0].Annotations)
	}
	img, err := idx.Image(im.Manifests[0].Digest)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
