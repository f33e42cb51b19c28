package usiclient

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// The errors of a read that found no line.
var (
	ErrTimeout = errors.New("no answer in time")
	ErrExited  = errors.New("engine exited") // the engine's output ended
)

// Line is one line of engine output and the time it was read.
type Line struct {
	Text string
	At   time.Time
}

// Client is one side of a USI dialogue: it writes commands to the engine
// and reads the engine's lines. Its methods are meant for one goroutine.
type Client struct {
	// Logf, if set, is told every line sent ("> line", after the write,
	// so that tracing does not add to a measured time) and every line
	// taken ("< line").
	Logf func(format string, args ...any)

	w      io.Writer
	cmd    *exec.Cmd     // the engine process, nil for New
	exited chan struct{} // closed at the end of output (and of the process)
	notify chan struct{} // signalled when a line or the end arrives
	onLine func(string)  // called on every line taken (Test's check)

	mu         sync.Mutex
	queue      []Line   // lines read and not yet taken
	ended      bool     // the output has ended
	taken      []string // every line taken, in order
	transcript []string // every line sent ("> ") and read ("< ")
	waitErr    error    // the process's exit status
}

// New returns a Client that writes commands to w and reads the engine's
// output from r until its end. If w is an io.Closer, CloseInput closes it.
func New(w io.Writer, r io.Reader) *Client {
	return newClient(w, r, nil)
}

// Start starts cmd (whose Stdin and Stdout must be unset; set its Stderr
// as needed) and returns a Client over its standard input and output.
func Start(cmd *exec.Cmd) (*Client, error) {
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return newClient(in, out, cmd), nil
}

func newClient(w io.Writer, r io.Reader, cmd *exec.Cmd) *Client {
	c := &Client{w: w, cmd: cmd, exited: make(chan struct{}), notify: make(chan struct{}, 1)}
	go c.read(r)
	return c
}

// read queues every line of r, stamped with the time it was read. A line
// ends at "\n" or "\r\n"; the last one may lack it. At the end of r it
// waits for the process, if any (after the last read, as os/exec
// requires).
func (c *Client) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		s, err := br.ReadString('\n')
		at := time.Now()
		if s != "" {
			text := strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r")
			c.mu.Lock()
			c.queue = append(c.queue, Line{text, at})
			c.transcript = append(c.transcript, "< "+text)
			c.mu.Unlock()
			c.signal()
		}
		if err != nil {
			break
		}
	}
	c.mu.Lock()
	c.ended = true
	c.mu.Unlock()
	c.signal()
	if c.cmd != nil {
		err := c.cmd.Wait()
		c.mu.Lock()
		c.waitErr = err
		c.mu.Unlock()
	}
	close(c.exited)
}

func (c *Client) signal() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// Send writes each line, with its newline, to the engine.
func (c *Client) Send(lines ...string) error {
	for _, l := range lines {
		_, err := io.WriteString(c.w, l+"\n")
		c.mu.Lock()
		c.transcript = append(c.transcript, "> "+l)
		c.mu.Unlock()
		if c.Logf != nil {
			c.Logf("> %s", l)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Next takes the next line, waiting at most timeout (0: no limit). The
// error is ErrTimeout or, at the end of the output, ErrExited.
func (c *Client) Next(timeout time.Duration) (Line, error) {
	return c.next(deadline(timeout))
}

// deadline is the time timeout from now, or zero (no limit) for 0.
func deadline(timeout time.Duration) time.Time {
	if timeout <= 0 {
		return time.Time{}
	}
	return time.Now().Add(timeout)
}

// next takes the next line, waiting until deadline (forever if zero).
// A line already read is taken even when the deadline has passed.
func (c *Client) next(deadline time.Time) (Line, error) {
	var timer <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timer = t.C
	}
	for {
		c.mu.Lock()
		if len(c.queue) > 0 {
			l := c.queue[0]
			c.queue = c.queue[1:]
			c.taken = append(c.taken, l.Text)
			c.mu.Unlock()
			if c.Logf != nil {
				c.Logf("< %s", l.Text)
			}
			if c.onLine != nil {
				c.onLine(l.Text)
			}
			return l, nil
		}
		ended := c.ended
		c.mu.Unlock()
		if ended {
			return Line{}, ErrExited
		}
		select {
		case <-c.notify:
		case <-timer:
			return Line{}, ErrTimeout
		}
	}
}

// ReadUntil takes lines until one satisfies match, waiting at most timeout
// in all (0: no limit), and returns them, the match last. On an error
// (ErrTimeout, ErrExited) it returns the lines taken so far.
func (c *Client) ReadUntil(match func(string) bool, timeout time.Duration) ([]Line, error) {
	return c.readUntil(match, deadline(timeout))
}

func (c *Client) readUntil(match func(string) bool, deadline time.Time) ([]Line, error) {
	var got []Line
	for {
		l, err := c.next(deadline)
		if err != nil {
			return got, err
		}
		got = append(got, l)
		if match(l.Text) {
			return got, nil
		}
	}
}

// Until is ReadUntil for the first line starting with prefix, returning
// the lines' text.
func (c *Client) Until(prefix string, timeout time.Duration) ([]string, error) {
	got, err := c.ReadUntil(func(l string) bool { return strings.HasPrefix(l, prefix) }, timeout)
	return Texts(got), err
}

// Collect returns every line that comes within d, or before the end of
// the output.
func (c *Client) Collect(d time.Duration) []string {
	var got []string
	end := time.Now().Add(d)
	for {
		l, err := c.next(end)
		if err != nil {
			return got
		}
		got = append(got, l.Text)
	}
}

// Texts returns the text of each line.
func Texts(lines []Line) []string {
	s := make([]string, len(lines))
	for i, l := range lines {
		s[i] = l.Text
	}
	return s
}

// Hello is the engine's answer to usi.
type Hello struct {
	Name    string   // from "id name", if the engine sent one
	Author  string   // from "id author"
	Options []string // the "option ..." lines
	Lines   []string // every line, usiok last
}

// Handshake sends usi and reads up to usiok, waiting at most timeout.
func (c *Client) Handshake(timeout time.Duration) (Hello, error) {
	var h Hello
	if err := c.Send("usi"); err != nil {
		return h, err
	}
	got, err := c.ReadUntil(func(l string) bool { return l == "usiok" }, timeout)
	h.Lines = Texts(got)
	for _, l := range h.Lines {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			h.Name = name
		} else if author, ok := strings.CutPrefix(l, "id author "); ok {
			h.Author = author
		} else if strings.HasPrefix(l, "option ") {
			h.Options = append(h.Options, l)
		}
	}
	if err != nil {
		return h, fmt.Errorf("waiting for usiok: %w", err)
	}
	return h, nil
}

// Ready sends isready and reads up to readyok, waiting at most timeout. It
// returns the lines that came before readyok.
func (c *Client) Ready(timeout time.Duration) ([]string, error) {
	if err := c.Send("isready"); err != nil {
		return nil, err
	}
	got, err := c.ReadUntil(func(l string) bool { return l == "readyok" }, timeout)
	if err != nil {
		return Texts(got), fmt.Errorf("waiting for readyok: %w", err)
	}
	return Texts(got[:len(got)-1]), nil
}

// IsCheckmate reports whether l is a checkmate line (the answer to go
// mate), well formed or not.
func IsCheckmate(l string) bool {
	return l == "checkmate" || strings.HasPrefix(l, "checkmate ")
}

// Answer is what the engine wrote after one go mate.
type Answer struct {
	Sent  time.Time // when go mate was written
	Lines []Line    // every line read, the checkmate line last if one came
}

// Checkmate returns the checkmate line, or "" if none came.
func (a Answer) Checkmate() string {
	if n := len(a.Lines); n > 0 && IsCheckmate(a.Lines[n-1].Text) {
		return a.Lines[n-1].Text
	}
	return ""
}

// Info returns the info lines.
func (a Answer) Info() []string {
	var info []string
	for _, l := range a.Lines {
		if strings.HasPrefix(l.Text, "info") {
			info = append(info, l.Text)
		}
	}
	return info
}

// GoMate sends "go mate arg" (arg a time in milliseconds, "infinite" or
// empty) and reads up to the checkmate line, waiting at most timeout from
// the write (0: no limit). On ErrTimeout or ErrExited the Answer holds the
// lines read so far.
func (c *Client) GoMate(arg string, timeout time.Duration) (Answer, error) {
	cmd := strings.TrimSpace("go mate " + arg)
	a := Answer{Sent: time.Now()}
	if err := c.Send(cmd); err != nil {
		return a, err
	}
	var end time.Time
	if timeout > 0 {
		end = a.Sent.Add(timeout)
	}
	var err error
	a.Lines, err = c.readUntil(IsCheckmate, end)
	return a, err
}

// Taken returns every line taken so far, in order.
func (c *Client) Taken() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.taken...)
}

// Transcript returns every line sent ("> line") and read ("< line") so
// far, one a line, in the order they were written and read.
func (c *Client) Transcript() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.transcript, "\n")
}

// CloseInput closes the engine's input (the end of the commands), if the
// writer can be closed.
func (c *Client) CloseInput() error {
	if wc, ok := c.w.(io.Closer); ok {
		return wc.Close()
	}
	return nil
}

// Pid returns the engine process's id, or 0 if the Client has no process.
func (c *Client) Pid() int {
	if c.cmd == nil {
		return 0
	}
	return c.cmd.Process.Pid
}

// WaitExit reports whether the engine's output ends, and its process (if
// any) exits, within d.
func (c *Client) WaitExit(d time.Duration) bool {
	select {
	case <-c.exited:
		return true
	default:
	}
	select {
	case <-c.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// Kill ends the engine process at once and waits for the end of its
// output. Without a process it does nothing.
func (c *Client) Kill() {
	if c.cmd == nil {
		return
	}
	c.cmd.Process.Kill()
	<-c.exited
}

// Quit sends quit, closes the engine's input and reads up to the end of
// its output, killing the process if that does not come within timeout.
// It reports whether the engine ended cleanly (for a process, exit status
// 0).
func (c *Client) Quit(timeout time.Duration) bool {
	c.Send("quit")
	c.CloseInput()
	end := time.Now().Add(timeout)
	for {
		if _, err := c.next(end); err != nil {
			if errors.Is(err, ErrTimeout) {
				c.Kill()
				return false
			}
			break
		}
	}
	<-c.exited
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.waitErr == nil
}
