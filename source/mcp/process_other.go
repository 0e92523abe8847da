//go:build !unix

package mcp

import (
	"errors"
	"io"
	"time"
)

// process is a stand-in: stdio servers need process groups, which this
// package implements for Unix only.
type process struct {
	pgid       int
	done       chan struct{}
	stdoutTail *ringBuffer
}

func startProcess(*ServerSpec, []string, io.Writer) (*process, error) {
	return nil, errors.New("stdio MCP servers are supported on Unix systems only; use an http server")
}

func (p *process) Read([]byte) (int, error)   { return 0, io.EOF }
func (p *process) Write([]byte) (int, error)  { return 0, io.ErrClosedPipe }
func (p *process) Close() error               { return nil }
func (p *process) setWriteDeadline(time.Time) {}
func (p *process) exited() bool               { return true }
func (p *process) exitDescription() string    { return "not started" }
func (p *process) stop(time.Duration)         {}
func (p *process) drainStderr(time.Duration)  {}
func (p *process) waitFor(time.Duration) bool {
	return true
}
