package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Protected is one of toolplane's own files or directories: the config it
// runs with, ~/.toolplane (the user's config, the trust record, stored
// secrets and logins, the default audit log and spill store), the audit
// log and the log file. A CLI call runs with the user's rights in a
// working directory that may hold them (toolplane started from $HOME, an
// audit log beside the project's files), so an allowed `sed -i` or `rm`
// could rewrite the config toolplane starts with next (adding a server
// whose command is a shell) or delete the audit log, and `cat` could read
// another token's spilled results. No argument may name one of them.
type Protected struct {
	// Path is the file or directory; relative paths are taken from
	// toolplane's working directory.
	Path string
	// What says what it is, for the refusal ("the audit log").
	What string
	// Rotated also protects the rotated copies PATH.1, PATH.2, ...
	Rotated bool
}

// protectedPath is a Protected with its path made absolute and resolved
// through symlinks (as far as it exists), as realPath resolves arguments.
type protectedPath struct {
	path    string
	what    string
	rotated bool
}

func resolveProtected(ps []Protected) []protectedPath {
	var out []protectedPath
	wd, _ := os.Getwd()
	for _, p := range ps {
		if p.Path == "" {
			continue
		}
		path := p.Path
		if rest, ok := strings.CutPrefix(path, "~/"); ok {
			home, err := os.UserHomeDir()
			if err != nil {
				continue
			}
			path = filepath.Join(home, rest)
		}
		if !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
		out = append(out, protectedPath{path: realPath("/", path), what: p.What, rotated: p.Rotated})
	}
	return out
}

// within reports whether the resolved path p is q or inside it.
func within(p, q string) bool {
	if p == q {
		return true
	}
	rel, err := filepath.Rel(q, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// hit reports whether the resolved path p is the protected path, one of
// its rotated copies, or inside it.
func (pp protectedPath) hit(p string) bool {
	if within(p, pp.path) {
		return true
	}
	if !pp.rotated || filepath.Dir(p) != filepath.Dir(pp.path) {
		return false
	}
	suffix, ok := strings.CutPrefix(filepath.Base(p), filepath.Base(pp.path)+".")
	return ok && suffix != "" && strings.Trim(suffix, "0123456789") == ""
}

// protectedHit returns the protected path that the word w, read as a path
// relative to dir, names or lies inside, or nil. A word is read as a path
// whole, after an "=" (--output=F, if=F), after "@" (response files) and
// after a short option letter (-oF), since a binary may read any of them
// as one; a word that names no file names nothing protected unless it
// spells one out.
func protectedHit(pps []protectedPath, dir, w string) *protectedPath {
	if len(pps) == 0 || w == "" {
		return nil
	}
	cands := []string{w}
	if _, v, ok := strings.Cut(w, "="); ok {
		cands = append(cands, v)
	}
	if rest, ok := strings.CutPrefix(w, "@"); ok {
		cands = append(cands, rest)
	}
	if len(w) > 2 && w[0] == '-' && w[1] != '-' {
		cands = append(cands, w[2:])
	}
	for _, c := range cands {
		if c == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(c, "~/"); ok {
			if home, err := os.UserHomeDir(); err == nil {
				c = filepath.Join(home, rest)
			}
		} else if c == "~" {
			if home, err := os.UserHomeDir(); err == nil {
				c = home
			}
		}
		abs := c
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, abs)
		}
		for _, p := range []string{filepath.Clean(abs), realPath(dir, c)} {
			for i := range pps {
				if pps[i].hit(p) {
					return &pps[i]
				}
			}
		}
	}
	return nil
}

// protectedInside returns a protected path that lies inside the resolved
// directory p (a write there, rm -r or cp into it, can reach it), or nil.
func protectedInside(pps []protectedPath, p string) *protectedPath {
	for i := range pps {
		if within(pps[i].path, p) {
			return &pps[i]
		}
	}
	return nil
}

// protectedUnder returns the protected path inside the existing directory
// that the word w (or its "=" value), read as a path relative to dir,
// names, or nil.
func protectedUnder(pps []protectedPath, dir, w string) *protectedPath {
	if len(pps) == 0 || w == "" {
		return nil
	}
	cands := []string{w}
	if _, v, ok := strings.Cut(w, "="); ok && v != "" {
		cands = append(cands, v)
	}
	for _, c := range cands {
		if c == "~" || strings.HasPrefix(c, "~/") {
			home, err := os.UserHomeDir()
			if err != nil {
				continue
			}
			c = filepath.Join(home, strings.TrimPrefix(c, "~"))
		}
		p := realPath(dir, c)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			if pp := protectedInside(pps, p); pp != nil {
				return pp
			}
		}
	}
	return nil
}

// cwdWalkers read the working directory recursively when no path is
// given (and often when one is: the words are checked separately).
var cwdWalkers = map[string]bool{
	"rg": true, "find": true, "du": true, "tree": true, "fd": true, "fdfind": true, "ag": true,
	"ack": true, "ack-grep": true, "ugrep": true, "ug": true, "sift": true, "pt": true, "bfs": true,
}

// walksWorkingDir says why a call of binary name (at path) with words
// would read the working directory recursively, or "" when it would not
// as far as toolplane knows: the binaries that always do, grep and ls
// with a recursive option, and git's subcommands that read every file.
func walksWorkingDir(name, path string, words []string) string {
	base := strings.ToLower(name)
	if path != "" {
		if real, err := filepath.EvalSymlinks(path); err == nil && cwdWalkers[strings.ToLower(filepath.Base(real))] {
			base = strings.ToLower(filepath.Base(real))
		}
	}
	if cwdWalkers[base] {
		return base + " reads the directory it runs in recursively"
	}
	recursive := func(letters string, long ...string) bool {
		for _, w := range words {
			if w == "--" {
				return false
			}
			if strings.HasPrefix(w, "--") {
				n, _, _ := strings.Cut(w[2:], "=")
				for _, l := range long {
					if n != "" && strings.HasPrefix(l, n) {
						return true
					}
				}
				continue
			}
			if len(w) > 1 && w[0] == '-' && strings.ContainsAny(w[1:], letters) {
				return true
			}
		}
		return false
	}
	switch base {
	case "grep", "egrep", "fgrep", "rgrep", "zgrep":
		if base == "rgrep" || recursive("rR", "recursive", "dereference-recursive", "directories") {
			return base + " with a recursive option reads the directory it runs in"
		}
	case "ls", "dir", "vdir":
		if recursive("R", "recursive") {
			return base + " -R lists the directory it runs in recursively"
		}
	case "git":
		// The first word that is not an option is the subcommand.
		if i := slices.IndexFunc(words, func(w string) bool { return !strings.HasPrefix(w, "-") }); i >= 0 {
			switch sub := words[i]; sub {
			case "grep", "ls-files", "add", "archive", "stash", "commit":
				return "git " + sub + " reads the files of the directory it runs in"
			}
		}
	}
	return ""
}
