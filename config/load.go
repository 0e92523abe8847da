package config

import (
	"encoding"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Loader decodes toolplane.toml strictly. Components that own a section
// claim it first; every other top-level key is an error. The zero Loader
// accepts exactly the built-in sections.
//
//	var httpCfg server.HTTPConfig
//	l := &config.Loader{}
//	if err := l.Claim("http", &httpCfg); err != nil { ... }
//	cfg, err := l.Load(path) // fills cfg and httpCfg
type Loader struct {
	// Gate, when set, must allow the bytes of a file before Load or
	// Update parses them (a ./toolplane.toml must be trusted; see
	// TrustStore).
	Gate Gate

	claims []claim
}

// claim is one section owned outside this package.
type claim struct {
	path   []string
	target reflect.Value // a non-nil pointer
	// defaults is a deep copy of *target at Claim time: every Parse starts
	// from it, so a key removed from the file falls back to its default
	// instead of keeping the value of an earlier Parse.
	defaults reflect.Value
}

// Claim reserves the table at section (a key or a dotted path such as
// "plugins.audit") for target, a non-nil pointer to the Go value the table
// decodes into (usually a struct with toml tags). Each successful Load or
// Parse sets *target from the section with the same strictness and
// positions as the built-in sections; the values *target held at Claim time
// are the defaults for keys the file leaves out. A section
// cannot be claimed twice, nest inside another claim, or overlap a built-in
// section.
func (l *Loader) Claim(section string, target any) error {
	v := reflect.ValueOf(target)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("config: claim %q: target must be a non-nil pointer, got %T", section, target)
	}
	path := strings.Split(section, ".")
	for _, p := range path {
		if p == "" || tomlKey(p) != p {
			return fmt.Errorf("config: claim %q: each part must be a bare TOML key", section)
		}
	}
	if _, builtin := builtinSections()[path[0]]; builtin {
		return fmt.Errorf("config: claim %q: [%s] is a built-in section", section, path[0])
	}
	for _, c := range l.claims {
		if isPrefix(c.path, path) || isPrefix(path, c.path) {
			return fmt.Errorf("config: claim %q overlaps the claim of %q", section, strings.Join(c.path, "."))
		}
	}
	l.claims = append(l.claims, claim{path: path, target: v, defaults: deepCopy(v.Elem())})
	return nil
}

func isPrefix(prefix, path []string) bool {
	if len(prefix) > len(path) {
		return false
	}
	for i := range prefix {
		if prefix[i] != path[i] {
			return false
		}
	}
	return true
}

// builtinSections maps the top-level keys of Config to their field index.
func builtinSections() map[string]int {
	t := reflect.TypeFor[Config]()
	out := map[string]int{}
	for i := range t.NumField() {
		if name := tagName(t.Field(i)); name != "-" {
			out[name] = i
		}
	}
	return out
}

// tagName is the TOML key of a struct field.
func tagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// Load decodes the file at path with no claimed sections.
func Load(path string) (*Config, error) {
	return (&Loader{}).Load(path)
}

// Load reads and decodes the file at path; see Parse.
func (l *Loader) Load(path string) (*Config, error) {
	data, err := l.read(path)
	if err != nil {
		return nil, err
	}
	cfg, err := l.Parse(path, data)
	if err != nil {
		return nil, err
	}
	cfg.Path = path
	return cfg, nil
}

// missingFileError says how to create the file; it matches fs.ErrNotExist.
type missingFileError struct{ path string }

func (e *missingFileError) Error() string {
	return e.path + ": no such file; create one with `toolplane init` or pass --config PATH"
}

func (e *missingFileError) Unwrap() error { return fs.ErrNotExist }

// read reads the file and asks the Gate about exactly those bytes. A file
// that needs the Gate's trust is one nobody named (./toolplane.toml), so it
// is read as untrusted: a regular file only.
func (l *Loader) read(path string) ([]byte, error) {
	read := ReadNamed
	if l.Gate != nil {
		read = ReadUntrusted
	}
	data, err := readConfig(path, read)
	if err != nil {
		return nil, err
	}
	if l.Gate != nil {
		if err := l.Gate.Allow(path, data); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// readConfig reads the file with read (at most MaxFileBytes), turning "not
// found" into advice.
func readConfig(path string, read func(string, int64) ([]byte, error)) ([]byte, error) {
	data, err := read(path, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &missingFileError{path}
	}
	if err != nil {
		return nil, fmt.Errorf("reading config: %w", err)
	}
	return data, nil
}

// Parse decodes data (named name in errors) over Default and validates it,
// filling the claimed sections too. A failure is an Errors value whose
// entries render as "name:line:col: message".
func (l *Loader) Parse(name string, data []byte) (*Config, error) {
	doc := scanDocument(data)
	if doc.deep != nil {
		// Refused before decoding: the decoder would build the same
		// depth, and every later check walks it.
		p := doc.position(doc.deep.offset)
		key := truncateKey(dotted(doc.deep.path), 200)
		return nil, Errors{{File: name, Line: p.line, Col: p.col, Key: key,
			Msg: fmt.Sprintf("key %s has more than %d parts (table header, dotted key and inline tables together); no toolplane setting is nested that deeply", key, maxKeyDepth)}}
	}
	root, fill, extract := l.shape()
	if errs := tooManyUnknown(name, doc, root); errs != nil {
		return nil, errs
	}
	if err := checkShape(name, data); err != nil {
		return nil, err
	}
	v, errs, blanked := decodeAll(name, doc, root, fill, data)
	if !v.IsValid() {
		return nil, errs
	}
	if len(errs) > 0 {
		// The checks after decoding still run, over the tables that
		// decoded whole: every problem of the file is reported at once.
		// The claimed sections are left as they were.
		cfg := extract(v.Elem(), false)
		errs = append(errs, validate(name, doc, v.Elem(), cfg, blanked)...)
		return nil, inFileOrder(errs)
	}
	cfg := extract(v.Elem(), true)
	if errs := validate(name, doc, v.Elem(), cfg, nil); len(errs) > 0 {
		return nil, inFileOrder(errs)
	}
	return cfg, nil
}

// maxUnknownKeys is how many unknown keys a file may have before it is
// refused without decoding. The decoder renders each unknown key's error
// with a copy of the whole file split into lines, so a few megabytes of
// unknown keys (300 000 of them, a hostile file in a shared repository)
// took minutes; past a few dozen, more errors help nobody anyway.
const maxUnknownKeys = 20

// tooManyUnknown refuses a file with more than maxUnknownKeys keys that
// leave root's schema at a table of fixed keys, listing the first of them
// in file order. A key it cannot judge alone (under an array or a value
// of any type) is left to the decoder, which also refuses it, only
// slower: the check only keeps the decoder's work small.
func tooManyUnknown(name string, doc *document, root reflect.Type) Errors {
	type unknown struct {
		path []string
		off  int
	}
	var found []unknown
	seen := map[string]bool{}
	// Every occurrence counts: the decoder renders an error for each
	// ([[x]] 5000 times is 5000 errors), though each key is listed once.
	occurrences := 0
	check := func(path []string, expr bool) {
		n := unknownPrefix(root, path)
		if n == 0 {
			return
		}
		k := joinPath(path[:n])
		if expr || !seen[k] {
			occurrences++ // doc.values repeats the expressions' key-values
		}
		if seen[k] {
			return
		}
		seen[k] = true
		found = append(found, unknown{path[:n], doc.keys[k]})
	}
	for _, e := range doc.exprs {
		if len(found) > maxUnknownKeys {
			break
		}
		check(e.path, true)
	}
	for _, v := range doc.values {
		if len(found) > maxUnknownKeys {
			break
		}
		check(v.path, false)
	}
	if occurrences <= maxUnknownKeys {
		return nil
	}
	slices.SortFunc(found, func(a, b unknown) int { return a.off - b.off })
	out := make(Errors, 0, maxUnknownKeys+1)
	for _, u := range found[:min(len(found), maxUnknownKeys)] {
		p := doc.position(u.off)
		out = append(out, &Error{File: name, Line: p.line, Col: p.col, Key: truncateKey(dotted(u.path), 200), Msg: unknownKeyMessage(root, u.path)})
	}
	out = append(out, &Error{File: name, Msg: fmt.Sprintf("and more unknown keys; a file with more than %d is not read further", maxUnknownKeys)})
	return out
}

// unknownPrefix is the length of the shortest prefix of path that names
// no field of a struct table on the way from root, or 0 when there is
// none or the walk meets a type it cannot follow by key alone (an array
// of tables' paths carry no index, so a slice is stepped into without
// using a part; an interface holds anything).
func unknownPrefix(root reflect.Type, path []string) int {
	t := root
	for i := 0; i < len(path); {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			t = t.Elem()
			continue
		case reflect.Struct:
			f, ok := fieldByKey(t, path[i])
			if !ok {
				return i + 1
			}
			t = f.Type
		case reflect.Map:
			t = t.Elem()
		default:
			return 0
		}
		i++
	}
	return 0
}

// shape builds the struct type the file decodes into: the fields of Config
// plus one field per claimed section (nested for dotted claims). fill copies
// the defaults in before decoding; extract copies the results out after,
// into the claimed sections' targets too when claims is set.
func (l *Loader) shape() (root reflect.Type, fill func(reflect.Value), extract func(v reflect.Value, claims bool) *Config) {
	base := reflect.TypeFor[Config]()
	var fields []reflect.StructField
	var baseIdx []int
	for i := range base.NumField() {
		f := base.Field(i)
		if tagName(f) == "-" {
			continue
		}
		baseIdx = append(baseIdx, i)
		fields = append(fields, reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag})
	}
	t := &claimTree{}
	for i := range l.claims {
		t.add(l.claims[i].path, &l.claims[i])
	}
	fields = append(fields, t.fields()...)
	root = reflect.StructOf(fields)

	fill = func(v reflect.Value) {
		def := reflect.ValueOf(Default()).Elem()
		for j, i := range baseIdx {
			v.Field(j).Set(def.Field(i))
		}
		t.each(v, len(baseIdx), func(field reflect.Value, c *claim) { field.Set(deepCopy(c.defaults)) })
	}
	extract = func(v reflect.Value, claims bool) *Config {
		cfg := &Config{}
		out := reflect.ValueOf(cfg).Elem()
		for j, i := range baseIdx {
			out.Field(i).Set(v.Field(j))
		}
		if claims {
			t.each(v, len(baseIdx), func(field reflect.Value, c *claim) { c.target.Elem().Set(field) })
		}
		return cfg
	}
	return root, fill, extract
}

// claimTree nests dotted claims: "plugins.audit" and "plugins.spill" become
// one synthetic "plugins" table with two fields.
type claimTree struct {
	names    []string
	children []*claimTree
	claim    *claim // set on leaves
}

func (t *claimTree) add(path []string, c *claim) {
	if len(path) == 0 {
		t.claim = c
		return
	}
	for i, n := range t.names {
		if n == path[0] {
			t.children[i].add(path[1:], c)
			return
		}
	}
	child := &claimTree{}
	t.names = append(t.names, path[0])
	t.children = append(t.children, child)
	child.add(path[1:], c)
}

func (t *claimTree) typ() reflect.Type {
	if t.claim != nil {
		return t.claim.target.Type().Elem()
	}
	return reflect.StructOf(t.fields())
}

func (t *claimTree) fields() []reflect.StructField {
	out := make([]reflect.StructField, len(t.names))
	for i, n := range t.names {
		out[i] = reflect.StructField{
			Name: fmt.Sprintf("Claim%d", i),
			Type: t.children[i].typ(),
			Tag:  reflect.StructTag(fmt.Sprintf(`toml:%q`, n)),
		}
	}
	return out
}

// each calls f for every leaf claim with the field of v that holds it; the
// claims of v start at field index offset.
func (t *claimTree) each(v reflect.Value, offset int, f func(field reflect.Value, c *claim)) {
	for i, child := range t.children {
		field := v.Field(offset + i)
		if child.claim != nil {
			f(field, child.claim)
		} else {
			child.each(field, 0, f)
		}
	}
}

// deepCopy copies v with its own maps, slices and pointees, so decoding into
// the copy cannot change v. Unexported struct fields are left zero: the
// decoder never sets them either.
func deepCopy(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			out.Set(deepCopy(v.Elem()).Addr())
		}
	case reflect.Map:
		if !v.IsNil() {
			out.Set(reflect.MakeMapWithSize(v.Type(), v.Len()))
			for it := v.MapRange(); it.Next(); {
				out.SetMapIndex(it.Key(), deepCopy(it.Value()))
			}
		}
	case reflect.Slice:
		if !v.IsNil() {
			out.Set(reflect.MakeSlice(v.Type(), v.Len(), v.Len()))
			for i := range v.Len() {
				out.Index(i).Set(deepCopy(v.Index(i)))
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			out.Index(i).Set(deepCopy(v.Index(i)))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out.Field(i).Set(deepCopy(v.Field(i)))
			}
		}
	case reflect.Interface:
		if !v.IsNil() {
			out.Set(deepCopy(v.Elem()))
		}
	default:
		out.Set(v)
	}
	return out
}

// typeAt walks the decode type along a key path: struct fields by TOML key,
// map and slice elements by skipping one part. It returns nil when the path
// leaves the schema.
func typeAt(t reflect.Type, path []string) reflect.Type {
	for _, p := range path {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		switch t.Kind() {
		case reflect.Struct:
			f, ok := fieldByKey(t, p)
			if !ok {
				return nil
			}
			t = f.Type
		case reflect.Map, reflect.Slice, reflect.Array:
			t = t.Elem()
		default:
			return nil
		}
	}
	return t
}

func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.IsExported() && tagName(f) == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// validKeys lists the keys a table at path accepts, sorted.
func validKeys(root reflect.Type, path []string) []string {
	t := typeAt(root, path)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	var keys []string
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() && tagName(f) != "-" {
			keys = append(keys, tagName(f))
		}
	}
	sort.Strings(keys)
	return keys
}

var (
	// Compiled on first use: package initialisation runs in every toolplane process.
	mismatchRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^cannot decode TOML (\S+) into (?:.* of type )?(\S+)$`)
	})
	duplicateRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`is already defined$|already exists$`) })
)

// decodeErrors turns the decoder's error into positioned Errors with
// messages that name the key and the fix.
func decodeErrors(name string, doc *document, root reflect.Type, err error) Errors {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		out := make(Errors, 0, min(len(strict.Errors), maxReportedErrors+1))
		for i := range strict.Errors {
			if i == maxReportedErrors {
				out = append(out, &Error{File: name, Msg: fmt.Sprintf("and %d more unknown keys", len(strict.Errors)-i)})
				break
			}
			de := &strict.Errors[i]
			line, col := de.Position()
			key := []string(de.Key())
			if doc.has(key) {
				// Point at the unknown part itself, not at the start of a
				// dotted key or header.
				p := doc.keyPos(key)
				line, col = p.line, p.col
			}
			out = append(out, &Error{File: name, Line: line, Col: col, Key: dotted(key), Msg: unknownKeyMessage(root, key)})
		}
		return out
	}
	var de *toml.DecodeError
	if !errors.As(err, &de) {
		return Errors{textMismatch(name, doc, root, err)}
	}
	line, col := de.Position()
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	key := []string(de.Key())
	switch m := mismatchRE().FindStringSubmatch(msg); {
	case m != nil:
		// Inside an inline table the decoder names the table: the value
		// at the position is the one of the wrong type.
		if at := doc.valueAt(pos{line, col}); len(at) > len(key) && slices.Equal(at[:len(key)], key) {
			key = at
		}
		want := m[2]
		if t := typeAt(root, key); t != nil {
			want = describeType(t)
		}
		msg = fmt.Sprintf("wrong type for %s: got %s %s, want %s", dotted(key), article(m[1]), m[1], want)
		if t := typeAt(root, key); t != nil && t.Kind() == reflect.Slice && !strings.HasPrefix(m[2], "[]") {
			msg = fmt.Sprintf("wrong type for %s: want %s, but an element is %s %s", dotted(key), want, article(m[1]), m[1])
		}
	case duplicateRE().MatchString(msg):
		if kv := doc.keyAt(line); kv != nil {
			key = kv
		}
		msg = fmt.Sprintf("duplicate key %s", dotted(key))
		if p := doc.keyPos(key); p.line != 0 && p.line != line {
			msg += fmt.Sprintf(" (first defined at line %d); remove one of them", p.line)
		}
	default:
		// Errors from our UnmarshalText methods carry no key: find the value
		// they point into.
		if len(key) == 0 {
			key = doc.valueAt(pos{line, col})
		}
		if len(key) > 0 {
			msg = dotted(key) + ": " + msg
		} else {
			// A syntax error stops the scan before its expression: name
			// the key its line starts with.
			key = doc.lineKey(line)
		}
	}
	return Errors{{File: name, Line: line, Col: col, Key: dotted(key), Msg: msg}}
}

// textMismatch positions an error that the decoder returned without one.
// That happens when a non-string value meets a type that only decodes from
// a string (Duration): the decoder hands the raw text to UnmarshalText and
// passes its error through bare. The first such value in the file is the
// culprit, since decoding stops at the first error.
func textMismatch(name string, doc *document, root reflect.Type, err error) *Error {
	textType := reflect.TypeFor[encoding.TextUnmarshaler]()
	for _, v := range doc.values {
		t := typeAt(root, v.path)
		if t == nil || v.kind == unstable.String || !reflect.PointerTo(t).Implements(textType) {
			continue
		}
		if k := t.Kind(); k == reflect.String || (k >= reflect.Int && k <= reflect.Int64 && v.kind == unstable.Integer) {
			continue // stored directly, never reaches UnmarshalText
		}
		p := doc.position(v.start)
		got := strings.ToLower(v.kind.String())
		return &Error{File: name, Line: p.line, Col: p.col, Key: dotted(v.path),
			Msg: fmt.Sprintf("wrong type for %s: got %s %s, want %s", dotted(v.path), article(got), got, describeType(t))}
	}
	return &Error{File: name, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
}

// unknownKeyMessage names the unknown key, its table, and the closest valid
// key or the list of valid keys.
func unknownKeyMessage(root reflect.Type, key []string) string {
	last := key[len(key)-1]
	parent := key[:len(key)-1]
	valid := validKeys(root, parent)
	where := "at the top level"
	if len(parent) > 0 {
		where = "in [" + truncateKey(dotted(parent), 200) + "]"
	}
	msg := fmt.Sprintf("unknown key %q %s", truncateKey(last, 200), where)
	if near := closest(last, valid); near != "" {
		return msg + fmt.Sprintf("; did you mean %q?", near)
	}
	if len(valid) > 0 {
		msg += "; valid keys: " + strings.Join(valid, ", ")
	}
	if len(parent) == 0 {
		msg += " (a component's own section must be claimed by it)"
	}
	return msg
}

func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// describeType says in TOML terms what a field of type t accepts.
func describeType(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[Duration]():
		return `a duration string like "30s"`
	case reflect.TypeFor[ByteSize]():
		return `an integer number of bytes or a string like "8MiB"`
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean (true or false)"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		elem := strings.TrimPrefix(strings.TrimPrefix(describeType(t.Elem()), "a "), "an ")
		if i := strings.IndexAny(elem, " ("); i > 0 {
			elem = elem[:i]
		}
		return "an array of " + elem + "s"
	case reflect.Pointer:
		return describeType(t.Elem())
	}
	return "a table"
}
