package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"gomate/usi/usiclient"
)

// Timeouts of the protocol steps other than the search itself.
const (
	usiokTimeout   = 10 * time.Second // ShogiHome's default
	readyokTimeout = 60 * time.Second // a large table may take a while
	stopTimeout    = 2 * time.Second  // answer to stop before the engine is killed
	quitTimeout    = 3 * time.Second  // exit after quit before the engine is killed
)

// Engine is a USI engine process driven over pipes, the way a GUI drives it.
type Engine struct {
	path   string
	setup  []string             // setoption commands sent after usiok
	logf   func(string, ...any) // protocol trace (-trace) or nil
	c      *usiclient.Client    // nil once killed or quit
	Name   string               // from "id name", if the engine sent one
	Starts int                  // how many times the process was started
}

// StartEngine starts the engine, does the usi/usiok handshake, sends the
// setoption commands and waits for readyok.
func StartEngine(path string, setup []string, logf func(string, ...any)) (*Engine, error) {
	e := &Engine{path: path, setup: setup, logf: logf}
	if err := e.start(); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

func (e *Engine) start() error {
	e.Starts++
	cmd := exec.Command(e.path)
	cmd.Stderr = os.Stderr
	c, err := usiclient.Start(cmd)
	if err != nil {
		return err
	}
	c.Logf = e.logf
	e.c = c
	hello, err := c.Handshake(usiokTimeout)
	if err != nil {
		return err
	}
	if hello.Name != "" {
		e.Name = hello.Name
	}
	if err := c.Send(e.setup...); err != nil {
		return err
	}
	_, err = e.Ready()
	return err
}

// Ready sends isready and waits for readyok. It returns the lines other
// than info lines and blank lines that came meanwhile: output left over
// from the previous search, such as a second checkmate line.
func (e *Engine) Ready() (stray []string, err error) {
	got, err := e.c.Ready(readyokTimeout)
	for _, l := range got {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "info") {
			stray = append(stray, l)
		}
	}
	return stray, err
}

// NewGame sends usinewgame.
func (e *Engine) NewGame() error { return e.c.Send("usinewgame") }

// Answer is what the engine said to one go mate.
type Answer struct {
	Checkmate string        // the checkmate line, "" if none came
	Elapsed   time.Duration // from writing go mate to reading checkmate
	Nodes     int64         // last "info ... nodes N" before checkmate
	HasNodes  bool
	Hang      bool     // no checkmate line within the limit plus the grace time
	Exited    bool     // the engine's output ended during the search
	Stray     []string // other lines that are no info (bestmove, ...)
	Strings   []string // the text of the "info string" lines
}

// Mate sends the position and "go mate <limit>" (infinite if limit is 0)
// and reads until a checkmate line. If none comes within limit+grace (no
// deadline when limit is 0) it sends stop and gives the engine a moment;
// the caller must then restart it.
func (e *Engine) Mate(sfen string, limit, grace time.Duration) (a Answer, err error) {
	if err := e.c.Send("position sfen " + sfen); err != nil {
		return a, err
	}
	arg, timeout := "infinite", time.Duration(0)
	if limit > 0 {
		arg, timeout = strconv.FormatInt(limit.Milliseconds(), 10), limit+grace
	}
	got, err := e.c.GoMate(arg, timeout)
	lines := got.Lines
	if errors.Is(err, usiclient.ErrTimeout) {
		a.Hang = true
		a.Elapsed = time.Since(got.Sent)
		if e.c.Send("stop") == nil {
			var more []usiclient.Line
			more, err = e.c.ReadUntil(usiclient.IsCheckmate, stopTimeout)
			lines = append(lines, more...)
		}
	}
	for _, l := range lines {
		switch {
		case usiclient.IsCheckmate(l.Text):
			a.Checkmate = l.Text
			if !a.Hang {
				a.Elapsed = l.At.Sub(got.Sent)
			}
		case strings.HasPrefix(l.Text, "info"):
			if n, ok := infoNodes(l.Text); ok {
				a.Nodes, a.HasNodes = n, true
			}
			if s, ok := strings.CutPrefix(l.Text, "info string "); ok {
				a.Strings = append(a.Strings, s)
			}
		case strings.TrimSpace(l.Text) == "":
		default:
			a.Stray = append(a.Stray, l.Text)
		}
	}
	switch {
	case errors.Is(err, usiclient.ErrExited):
		a.Exited = true
	case err != nil && !errors.Is(err, usiclient.ErrTimeout):
		return a, err // go mate could not be sent
	}
	return a, nil
}

// infoNodes reads N from "info ... nodes N ...", ignoring anything after
// pv or string (they take the rest of the line).
func infoNodes(line string) (int64, bool) {
	f := strings.Fields(line)
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "pv", "string":
			return 0, false
		case "nodes":
			if i+1 < len(f) {
				n, err := strconv.ParseInt(f[i+1], 10, 64)
				return n, err == nil
			}
		}
	}
	return 0, false
}

// Restart kills the process and starts a new one with the same setup.
func (e *Engine) Restart() error {
	e.Kill()
	return e.start()
}

// Kill ends the process at once.
func (e *Engine) Kill() {
	if e.c == nil {
		return
	}
	e.c.Kill()
	e.c = nil
}

// Quit sends quit and waits for the engine to exit, killing it if it does
// not within a few seconds. It reports whether the exit was clean.
func (e *Engine) Quit() bool {
	if e.c == nil {
		return false
	}
	ok := e.c.Quit(quitTimeout)
	e.c = nil
	return ok
}
