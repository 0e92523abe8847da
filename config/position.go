package config

// Position returns where the value of the key at path is written in the
// file (1-based line and column), else where its nearest written ancestor
// is; 0, 0 when the file cannot be read or holds none of it. Checks that
// run after loading (a claimed section comparing resolved secrets, say)
// use it to point at the exact key.
func Position(file string, path ...string) (line, col int) {
	// Only a regular file is read again: reopening a pipe the config was
	// read from (--config <(...)) could block.
	data, err := ReadUntrusted(file, MaxFileBytes)
	if err != nil {
		return 0, 0
	}
	p := scanDocument(data).valuePos(path)
	return p.line, p.col
}

// At is an *Error at the value of path in file, positioned with Position,
// its Key set to path's dotted form.
func At(file string, msg string, path ...string) *Error {
	line, col := Position(file, path...)
	return &Error{File: file, Line: line, Col: col, Key: dotted(path), Msg: msg}
}
