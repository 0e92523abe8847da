package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"golang.org/x/term"
)

// terminalFd returns the file descriptor of r when it is a terminal.
func terminalFd(r io.Reader) (int, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return 0, false
	}
	fd := int(f.Fd())
	return fd, term.IsTerminal(fd)
}

// errInterrupted is returned when the user pressed Ctrl-C at a prompt.
var errInterrupted = errors.New("interrupted")

// readHidden prompts on a.IO.Err and reads one line from the terminal fd
// without echo. The terminal is switched to raw mode before the prompt is
// shown, so nothing typed after the prompt appears can be echoed; Ctrl-C
// and Ctrl-D end the prompt, and the terminal is restored however the
// prompt ends (a SIGTERM or SIGHUP included).
func readHidden(a *app, fd int, prompt string) (string, error) {
	state, err := term.MakeRaw(fd)
	if err != nil {
		return "", fmt.Errorf("reading from the terminal: %w", err)
	}
	defer term.Restore(fd, state)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sig)
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{a.IO.In, a.IO.Err}, "")
	type answer struct {
		line string
		err  error
	}
	done := make(chan answer, 1)
	go func() {
		line, err := t.ReadPassword(prompt)
		done <- answer{line, err}
	}()
	select {
	case ans := <-done:
		if errors.Is(ans.err, io.EOF) {
			fmt.Fprint(a.IO.Err, "\r\n")
			return "", errInterrupted
		}
		if ans.err != nil {
			return "", fmt.Errorf("reading from the terminal: %w", ans.err)
		}
		return ans.line, nil
	case <-sig:
		return "", errInterrupted
	}
}

// confirm asks a yes/no question on the terminal of a.IO.In; anything
// but y or yes is no.
func confirm(a *app, question string) (bool, error) {
	fmt.Fprintf(a.IO.Err, "%s [y/N] ", question)
	line, err := bufio.NewReader(a.IO.In).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return false, fmt.Errorf("reading the answer: %w", err)
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true, nil
	}
	return false, nil
}
