// Package pyodide is the pyodide-deno backend: a snippet runs on Pyodide
// (CPython compiled to WebAssembly) inside a Deno subprocess whose
// permissions are scoped to reading the Pyodide install. The snippet has
// no host files (Python sees Pyodide's in-memory file system), no network
// and no environment unless the operator grants network hosts, and reaches
// capabilities only through the bridge, over the Deno process's stdin and
// stdout.
//
// Deno and Pyodide come from npm (scripts/install-pyodide.sh installs
// both, pinned, into an install directory, and makes a memory snapshot of
// a booted Pyodide so that a run starts in well under a second of CPU
// instead of several seconds). Nothing is fetched at run time.
//
// The snippet contract is the local_unsafe backend's (top-level await and
// return, capabilities as async functions, tracebacks with the snippet's
// line numbers): both run the same runner, package localpython's.
package pyodide

import (
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/backend/clibind"
	"github.com/toolplane/toolplane/backend/localpython"
)

// Name is the backend's name in configuration and results.
const Name = "pyodide-deno"

// InstallDirEnv names the environment variable that overrides the default
// install directory.
const InstallDirEnv = "TOOLPLANE_PYODIDE_DIR"

//go:embed harness.mjs
var harnessSource string

// Backend runs snippets on Pyodide in Deno subprocesses.
type Backend struct {
	dir      string
	deno     string
	allowNet []string

	prepare sync.Mutex // one snapshot build at a time
}

// Option configures a Backend.
type Option func(*Backend)

// WithInstallDir sets the directory scripts/install-pyodide.sh installed
// into (it holds node_modules/pyodide and the Deno binary).
func WithInstallDir(dir string) Option { return func(b *Backend) { b.dir = dir } }

// WithDeno sets the Deno binary instead of the one in the install
// directory: a path, or a name looked up on PATH.
func WithDeno(path string) Option { return func(b *Backend) { b.deno = path } }

// WithAllowNet grants the snippet network access to these hosts
// (host or host:port, as Deno's --allow-net takes them), for pyfetch and
// Pyodide's package loading. None is granted by default.
func WithAllowNet(hosts ...string) Option {
	return func(b *Backend) { b.allowNet = append(b.allowNet, hosts...) }
}

// DefaultInstallDir is $TOOLPLANE_PYODIDE_DIR, else toolplane/pyodide in
// the user's cache directory.
func DefaultInstallDir() string {
	if d := os.Getenv(InstallDirEnv); d != "" {
		return d
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join(".cache", "pyodide")
	}
	return filepath.Join(cache, "toolplane", "pyodide")
}

// New returns a pyodide-deno backend.
func New(opts ...Option) *Backend {
	b := &Backend{}
	for _, o := range opts {
		o(b)
	}
	if b.dir == "" {
		b.dir = DefaultInstallDir()
	}
	if abs, err := filepath.Abs(b.dir); err == nil {
		b.dir = abs
	}
	if real, err := filepath.EvalSymlinks(b.dir); err == nil {
		b.dir = real
	}
	return b
}

// Name implements backend.Backend.
func (b *Backend) Name() string { return Name }

// InstallDir is the directory the backend looks for Deno and Pyodide in.
func (b *Backend) InstallDir() string { return b.dir }

// pyodideDir is the Pyodide package's directory with symbolic links
// resolved: Deno checks read permission on the resolved path.
func (b *Backend) pyodideDir() string {
	d := filepath.Join(b.dir, "node_modules", "pyodide")
	if real, err := filepath.EvalSymlinks(d); err == nil {
		return real
	}
	return d
}

// denoPath finds the Deno binary: the configured one, else the one the
// deno npm package installed for this platform.
func (b *Backend) denoPath() (string, error) {
	if b.deno != "" {
		p, err := exec.LookPath(b.deno)
		if err != nil {
			return "", fmt.Errorf("pyodide-deno: no Deno binary %q: %w", b.deno, err)
		}
		return p, nil
	}
	var candidates []string
	if pkg := denoPlatformPackage(); pkg != "" {
		candidates = append(candidates, filepath.Join(b.dir, "node_modules", "@deno", pkg, "deno"))
	}
	candidates = append(candidates, filepath.Join(b.dir, "node_modules", "deno", "deno"))
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return c, nil
		}
	}
	return "", fmt.Errorf("pyodide-deno: Deno is not installed in %s (looked for %s); run scripts/install-pyodide.sh %s or set %s",
		b.dir, strings.Join(candidates, ", "), b.dir, InstallDirEnv)
}

// denoPlatformPackage is the deno npm package's per-platform binary
// package for this machine, "" where it ships none.
func denoPlatformPackage() string {
	arch := map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]
	switch {
	case arch == "":
		return ""
	case runtime.GOOS == "linux":
		return "linux-" + arch + "-glibc"
	case runtime.GOOS == "darwin":
		return "darwin-" + arch
	}
	return ""
}

// Version is the installed Pyodide's version, from its package.json.
func (b *Backend) Version() (string, error) {
	data, err := os.ReadFile(filepath.Join(b.pyodideDir(), "package.json"))
	if err != nil {
		return "", fmt.Errorf("pyodide-deno: Pyodide is not installed in %s: %w; run scripts/install-pyodide.sh %s or set %s",
			b.dir, err, b.dir, InstallDirEnv)
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil || pkg.Version == "" {
		return "", fmt.Errorf("pyodide-deno: %s has no version: %v", filepath.Join(b.pyodideDir(), "package.json"), err)
	}
	return pkg.Version, nil
}

// SnapshotPath is where the memory snapshot of a booted Pyodide of the
// installed version lives.
func (b *Backend) SnapshotPath() (string, error) {
	v, err := b.Version()
	if err != nil {
		return "", err
	}
	return filepath.Join(b.dir, "snapshot-"+v+".bin"), nil
}

// Available reports why the backend cannot run snippets, or nil: Deno and
// Pyodide's files must be installed.
func (b *Backend) Available() error {
	if _, err := b.denoPath(); err != nil {
		return err
	}
	if _, err := b.Version(); err != nil {
		return err
	}
	for _, f := range []string{"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"} {
		if _, err := os.Stat(filepath.Join(b.pyodideDir(), f)); err != nil {
			return fmt.Errorf("pyodide-deno: the Pyodide install in %s is incomplete (%w); run scripts/install-pyodide.sh %s again", b.dir, err, b.dir)
		}
	}
	return nil
}

// Snapshotted reports whether the start-up snapshot exists.
func (b *Backend) Snapshotted() bool {
	p, err := b.SnapshotPath()
	if err != nil {
		return false
	}
	_, err = os.Stat(p)
	return err == nil
}

// Prepare makes the start-up snapshot if it is missing. Runs work without
// it, each paying Pyodide's full boot (several seconds of CPU). Deno may
// write only a temporary file beside the snapshot, renamed into place
// when complete, so concurrent Prepares of several processes are safe.
func (b *Backend) Prepare(ctx context.Context) error {
	if err := b.Available(); err != nil {
		return err
	}
	b.prepare.Lock()
	defer b.prepare.Unlock()
	if b.Snapshotted() {
		return nil
	}
	snap, err := b.SnapshotPath()
	if err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", snap, os.Getpid())
	defer os.Remove(tmp)
	cmd, err := b.command(ctx, []string{"--allow-read=" + b.pyodideDir(), "--allow-write=" + tmp}, tmp, "snapshot")
	if err != nil {
		return err
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pyodide-deno: making the start-up snapshot: %w: %s", err, strings.TrimSpace(string(out)))
	}
	if err := os.Rename(tmp, snap); err != nil {
		return fmt.Errorf("pyodide-deno: installing the start-up snapshot: %w", err)
	}
	return nil
}

// command is a Deno running the harness. Deno gets no environment but
// what it needs for itself: the snippet has no --allow-env anyway.
func (b *Backend) command(ctx context.Context, perms []string, snapshot, mode string) (*exec.Cmd, error) {
	deno, err := b.denoPath()
	if err != nil {
		return nil, err
	}
	args := []string{"run", "--no-prompt", "--no-config", "--no-lock", "--quiet"}
	args = append(args, perms...)
	args = append(args,
		"data:text/javascript;base64,"+base64.StdEncoding.EncodeToString([]byte(harnessSource)),
		b.pyodideDir(), snapshot, mode)
	var cmd *exec.Cmd
	if ctx != nil {
		cmd = exec.CommandContext(ctx, deno, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	} else {
		cmd = exec.Command(deno, args...)
	}
	cmd.Dir = b.dir
	cmd.Env = []string{
		"NO_COLOR=1",
		"DENO_NO_UPDATE_CHECK=1",
		"DENO_DIR=" + filepath.Join(b.dir, "deno-dir"),
		"HOME=" + b.dir,
	}
	return cmd, nil
}

// initMessage is the harness's first line: the runner's init plus the
// runner's source.
type initMessage struct {
	Code     string   `json:"code"`
	Filename string   `json:"filename"`
	Names    []string `json:"names"`
	MaxDepth int      `json:"max_depth,omitempty"`
	// CLIAliases are the CLI capabilities bound by name and their
	// binaries, so they return the CLI result object as on the other
	// backends (see package clibind).
	CLIAliases map[string]any `json:"cli_aliases,omitempty"`
	Runner     string         `json:"runner"`
}

// Run implements backend.Backend.
func (b *Backend) Run(ctx context.Context, code string, bridge backend.Bridge, opts backend.RunOptions) (*backend.Result, error) {
	var sess *Session
	if opts.Session != nil {
		var ok bool
		if sess, ok = opts.Session.(*Session); !ok || sess.b != b {
			return nil, errors.New("pyodide-deno: the session was not made by this backend (Backend.NewSession)")
		}
	}
	if opts.Limits.Steps > 0 {
		return nil, errors.New("pyodide-deno: a step limit cannot be enforced on Pyodide; bound the run with a timeout instead")
	}
	if err := b.Available(); err != nil {
		return nil, err
	}
	filename := opts.Filename
	if filename == "" {
		filename = "<snippet>"
	}
	init := initMessage{
		Code:       code,
		Filename:   filename,
		Names:      append(bridge.Namespace().Names(), "call_tool"),
		MaxDepth:   opts.Limits.MaxDepth,
		CLIAliases: clibind.Aliases(bridge.Namespace()),
		Runner:     localpython.RunnerSource(),
	}
	for n := range opts.Bindings {
		init.Names = append(init.Names, n)
	}
	read := []string{b.pyodideDir()}
	snapshot := ""
	if b.Snapshotted() {
		snapshot, _ = b.SnapshotPath()
		read = append(read, snapshot)
	}
	perms := []string{"--allow-read=" + strings.Join(read, ",")}
	if f := memoryFlags(opts.Limits.MaxMemoryBytes); f != "" {
		perms = append(perms, f)
	}
	if len(b.allowNet) > 0 {
		perms = append(perms, "--allow-net="+strings.Join(b.allowNet, ","))
	}
	if sess != nil {
		proc, err := sess.process(perms, snapshot, opts.Limits.MaxMemoryBytes)
		if err != nil {
			return nil, err
		}
		res, err := proc.Serve(ctx, bridge, opts, init)
		if !proc.Alive() {
			why := "its Deno process ended"
			var be *backend.Error
			if errors.As(heapLimitError(err, opts.Limits.MaxMemoryBytes), &be) && be.Limit != "" {
				why = fmt.Sprintf("a run hit its %s limit, which ends the Deno process", be.Limit)
			}
			sess.ended(proc, why)
		}
		return res, heapLimitError(err, opts.Limits.MaxMemoryBytes)
	}
	cmd, err := b.command(nil, perms, snapshot, "run")
	if err != nil {
		return nil, err
	}
	p, err := localpython.StartStdioProcess(cmd, init)
	if err != nil {
		return nil, fmt.Errorf("pyodide-deno: %w", err)
	}
	res, err := p.Serve(ctx, bridge, opts)
	return res, heapLimitError(err, opts.Limits.MaxMemoryBytes)
}

// heapLimitError turns the death of a Deno process whose JavaScript heap
// reached its bound (memoryFlags) into the memory limit it is, instead of
// V8's report of its last garbage collections.
func heapLimitError(err error, limit int64) error {
	var be *backend.Error
	if limit <= 0 || !errors.As(err, &be) || be.Limit != "" {
		return err
	}
	if m := be.Message; strings.Contains(m, "ended before the snippet finished") &&
		(strings.Contains(m, "out of memory") || strings.Contains(m, "heap limit") || strings.Contains(m, "Last few GCs")) {
		return &backend.Error{Type: "MemoryError", Limit: "memory",
			Message: fmt.Sprintf("the run exceeded its memory limit of %d MiB (the JavaScript heap of its Deno process, which was ended)", max(limit, MinMemoryBytes)>>20)}
	}
	return err
}

// wasmPageBytes is the size of a WebAssembly memory page.
const wasmPageBytes = 64 << 10

// MinMemoryBytes is the smallest memory limit the backend accepts: a
// booted Pyodide holds about 30 MiB of WebAssembly memory before a
// snippet allocates anything.
const MinMemoryBytes = 64 << 20

// memoryFlags are the V8 flags that bound a run to limit bytes: the
// WebAssembly memory (Python's whole heap lives there) may not grow past
// limit, so an allocation beyond it fails inside Python as MemoryError;
// and V8's own JavaScript heap is bounded to limit as well, so the glue
// around Pyodide cannot grow without bound either (running out there ends
// the process, which the run reports). Deno's own memory outside V8 (its
// runtime, some tens of MiB) is not bounded by either; doctor says so.
func memoryFlags(limit int64) string {
	if limit <= 0 {
		return ""
	}
	limit = max(limit, MinMemoryBytes)
	pages := limit / wasmPageBytes
	mb := max(limit>>20, 64)
	return fmt.Sprintf("--v8-flags=--wasm-max-mem-pages=%d,--max-old-space-size=%d", pages, mb)
}
