package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// Timeouts of the protocol steps other than the search itself.
const (
	usiokTimeout   = 10 * time.Second // ShogiHome's default
	readyokTimeout = 60 * time.Second // a large table may take a while
	stopTimeout    = 2 * time.Second  // answer to stop before the engine is killed
	quitTimeout    = 3 * time.Second  // exit after quit before the engine is killed
)

var (
	errTimeout = errors.New("no answer in time")
	errExited  = errors.New("engine exited")
)

// Line is one line of engine output and the time it was read.
type Line struct {
	Text string
	At   time.Time
}

// Engine is a USI engine process driven over pipes, the way a GUI drives it.
type Engine struct {
	path   string
	setup  []string             // setoption commands sent after usiok
	logf   func(string, ...any) // protocol trace (-trace) or nil
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  <-chan Line // closed when the engine's stdout ends
	Name   string      // from "id name", if the engine sent one
	Starts int         // how many times the process was started
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
	e.cmd = exec.Command(e.path)
	e.cmd.Stderr = os.Stderr
	in, err := e.cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := e.cmd.Start(); err != nil {
		return err
	}
	e.stdin = in
	lines := make(chan Line, 256)
	e.lines = lines
	go readLines(out, lines)

	if err := e.Send("usi"); err != nil {
		return err
	}
	deadline := time.Now().Add(usiokTimeout)
	for {
		l, err := e.next(deadline)
		if err != nil {
			return fmt.Errorf("waiting for usiok: %w", err)
		}
		if l.Text == "usiok" {
			break
		}
		if name, ok := strings.CutPrefix(l.Text, "id name "); ok {
			e.Name = name
		}
	}
	for _, s := range e.setup {
		if err := e.Send(s); err != nil {
			return err
		}
	}
	_, err = e.Ready()
	return err
}

// readLines sends every line of r, stamped with the time it was read, and
// closes the channel at the end of r.
func readLines(r io.Reader, lines chan<- Line) {
	br := bufio.NewReaderSize(r, 64*1024)
	for {
		s, err := br.ReadString('\n')
		at := time.Now()
		if s != "" {
			lines <- Line{Text: strings.TrimRight(s, "\r\n"), At: at}
		}
		if err != nil {
			close(lines)
			return
		}
	}
}

// Send writes one command line to the engine.
func (e *Engine) Send(cmd string) error {
	_, err := io.WriteString(e.stdin, cmd+"\n")
	if e.logf != nil { // after the write, so that tracing does not add to the timing
		e.logf("> %s", cmd)
	}
	return err
}

// next returns the next line of output, waiting until deadline (forever if
// deadline is zero).
func (e *Engine) next(deadline time.Time) (Line, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timer = t.C
	}
	select {
	case l, ok := <-e.lines:
		if !ok {
			return Line{}, errExited
		}
		if e.logf != nil {
			e.logf("< %s", l.Text)
		}
		return l, nil
	case <-timer:
		return Line{}, errTimeout
	}
}

// Ready sends isready and waits for readyok. It returns the lines other
// than info lines and blank lines that came meanwhile: output left over
// from the previous search, such as a second checkmate line.
func (e *Engine) Ready() (stray []string, err error) {
	if err := e.Send("isready"); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(readyokTimeout)
	for {
		l, err := e.next(deadline)
		if err != nil {
			return stray, fmt.Errorf("waiting for readyok: %w", err)
		}
		switch {
		case l.Text == "readyok":
			return stray, nil
		case strings.TrimSpace(l.Text) == "" || strings.HasPrefix(l.Text, "info"):
		default:
			stray = append(stray, l.Text)
		}
	}
}

// Answer is what the engine said to one go mate.
type Answer struct {
	Checkmate string        // the checkmate line, "" if none came
	Elapsed   time.Duration // from writing go mate to reading checkmate
	Nodes     int64         // last "info ... nodes N" before checkmate
	HasNodes  bool
	Hang      bool     // no checkmate line within the limit plus the grace time
	Exited    bool     // the engine's output ended during the search
	Stray     []string // other lines that are no info (bestmove, ...)
}

// Mate sends the position and "go mate <limit>" (infinite if limit is 0)
// and reads until a checkmate line. If none comes within limit+grace (no
// deadline when limit is 0) it sends stop and gives the engine a moment;
// the caller must then restart it.
func (e *Engine) Mate(sfen string, limit, grace time.Duration) (a Answer, err error) {
	if err := e.Send("position sfen " + sfen); err != nil {
		return a, err
	}
	goCmd := "go mate infinite"
	var deadline time.Time
	if limit > 0 {
		goCmd = "go mate " + strconv.FormatInt(limit.Milliseconds(), 10)
	}
	start := time.Now()
	if err := e.Send(goCmd); err != nil {
		return a, err
	}
	if limit > 0 {
		deadline = start.Add(limit + grace)
	}
	stopped := false
	for {
		l, err := e.next(deadline)
		if errors.Is(err, errExited) {
			a.Exited = true
			return a, nil
		}
		if errors.Is(err, errTimeout) {
			if stopped {
				return a, nil
			}
			a.Hang, stopped = true, true
			a.Elapsed = time.Since(start)
			if err := e.Send("stop"); err != nil {
				return a, nil
			}
			deadline = time.Now().Add(stopTimeout)
			continue
		}
		switch {
		case l.Text == "checkmate" || strings.HasPrefix(l.Text, "checkmate "):
			a.Checkmate = l.Text
			if !stopped {
				a.Elapsed = l.At.Sub(start)
			}
			return a, nil
		case strings.HasPrefix(l.Text, "info"):
			if n, ok := infoNodes(l.Text); ok {
				a.Nodes, a.HasNodes = n, true
			}
		case strings.TrimSpace(l.Text) == "":
		default:
			a.Stray = append(a.Stray, l.Text)
		}
	}
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
	if e.cmd == nil || e.cmd.Process == nil {
		return
	}
	e.cmd.Process.Kill()
	e.cmd.Wait()
	e.cmd = nil
	go func(lines <-chan Line) { // let the reader reach the end and close
		for range lines {
		}
	}(e.lines)
}

// Quit sends quit and waits for the engine to exit, killing it if it does
// not within a few seconds. It reports whether the exit was clean.
func (e *Engine) Quit() bool {
	if e.cmd == nil {
		return false
	}
	e.Send("quit")
	e.stdin.Close()
	deadline := time.Now().Add(quitTimeout)
	for {
		if _, err := e.next(deadline); err != nil {
			if errors.Is(err, errTimeout) {
				e.Kill()
				return false
			}
			break
		}
	}
	err := e.cmd.Wait()
	e.cmd = nil
	return err == nil
}
