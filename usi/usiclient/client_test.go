package usiclient

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeEnv makes TestFakeEngineProcess, run in a child process, the
// engine: the usual helper-process pattern of os/exec's tests.
const fakeEnv = "USICLIENT_FAKE_ENGINE"

// TestFakeEngineProcess is the engine process of the tests, not a test.
func TestFakeEngineProcess(t *testing.T) {
	if os.Getenv(fakeEnv) != "1" {
		t.Skip("the engine of the process tests")
	}
	fakeEngine(os.Stdin, os.Stdout)
	os.Exit(3) // a quit exits with status 0 in fakeEngine
}

// fakeProcess is the command that runs fakeEngine in a child process.
func fakeProcess() *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestFakeEngineProcess$")
	cmd.Env = append(os.Environ(), fakeEnv+"=1")
	return cmd
}

// fakeEngine answers usi, isready and go mate (a mate in one, after an
// info line with a keep-alive empty line and a CRLF line end), says
// nothing to "go mate hang" until stop, and exits at quit.
func fakeEngine(r io.Reader, w io.Writer) {
	sc := bufio.NewScanner(r)
	say := func(s ...string) {
		for _, l := range s {
			fmt.Fprint(w, l+"\n")
		}
	}
	for sc.Scan() {
		switch cmd := sc.Text(); cmd {
		case "usi":
			say("id name fake", "id author nobody", "option name USI_Hash type spin default 16 min 1 max 64", "usiok")
		case "isready":
			say("info string table ready", "readyok")
		case "go mate 1000", "go mate infinite":
			say("", "info time 0 nodes 42 nps 1000\r", "checkmate 7i6g")
		case "stop":
			say("checkmate timeout")
		case "quit":
			if w == os.Stdout {
				os.Exit(0)
			}
			return
		}
	}
}

// inProcess runs fakeEngine over pipes.
func inProcess() *Client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		fakeEngine(inR, outW)
		outW.Close()
	}()
	return New(inW, outR)
}

func TestSession(t *testing.T) {
	for _, kind := range []string{"in-process", "process"} {
		t.Run(kind, func(t *testing.T) {
			c := inProcess()
			if kind == "process" {
				var err error
				if c, err = Start(fakeProcess()); err != nil {
					t.Fatal(err)
				}
				if c.Pid() == 0 {
					t.Error("no pid")
				}
			}
			var trace []string
			c.Logf = func(format string, args ...any) { trace = append(trace, fmt.Sprintf(format, args...)) }
			h, err := c.Handshake(time.Second)
			if err != nil || h.Name != "fake" || h.Author != "nobody" || len(h.Options) != 1 || len(h.Lines) != 4 || h.Lines[3] != "usiok" {
				t.Fatalf("handshake %+v, %v", h, err)
			}
			if got, err := c.Ready(time.Second); err != nil || !slices.Equal(got, []string{"info string table ready"}) {
				t.Errorf("ready %q, %v", got, err)
			}
			a, err := c.GoMate("1000", time.Second)
			if err != nil || a.Checkmate() != "checkmate 7i6g" || !slices.Equal(a.Info(), []string{"info time 0 nodes 42 nps 1000"}) || len(a.Lines) != 3 {
				t.Errorf("go mate: %q, %v", Texts(a.Lines), err)
			}
			if a.Lines[2].At.Before(a.Sent) {
				t.Errorf("read at %v, before the go at %v", a.Lines[2].At, a.Sent)
			}
			a, err = c.GoMate("hang", 50*time.Millisecond)
			if !errors.Is(err, ErrTimeout) || a.Checkmate() != "" {
				t.Errorf("go mate hang: %q, %v", Texts(a.Lines), err)
			}
			c.Send("stop")
			if got, err := c.Until("checkmate", time.Second); err != nil || !slices.Equal(got, []string{"checkmate timeout"}) {
				t.Errorf("after stop: %q, %v", got, err)
			}
			if got := c.Collect(20 * time.Millisecond); len(got) != 0 {
				t.Errorf("collected %q", got)
			}
			if !c.Quit(5 * time.Second) { // a -race binary sleeps a second at exit
				t.Error("no clean exit")
			}
			if _, err := c.Next(time.Second); !errors.Is(err, ErrExited) {
				t.Errorf("next after quit: %v", err)
			}
			if !c.WaitExit(0) {
				t.Error("not exited")
			}
			if want := "> usi\n< id name fake\n"; !strings.HasPrefix(c.Transcript(), want) {
				t.Errorf("transcript %q", c.Transcript())
			}
			if !slices.Contains(trace, "> go mate 1000") || !slices.Contains(trace, "< checkmate 7i6g") {
				t.Errorf("trace %q", trace)
			}
			if n := len(c.Taken()); n != 10 {
				t.Errorf("%d lines taken: %q", n, c.Taken())
			}
		})
	}
}

func TestKill(t *testing.T) {
	c, err := Start(fakeProcess())
	if err != nil {
		t.Fatal(err)
	}
	c.Kill()
	if !c.WaitExit(0) {
		t.Error("not exited after Kill")
	}
	c.Kill() // a second Kill does nothing
	if c.Quit(time.Second) {
		t.Error("a killed process quit cleanly")
	}
}

// recorder is a TB that records failures instead of failing.
type recorder struct {
	errors, fatals, logs []string
	cleanups             []func()
}

func (r *recorder) Helper()                   {}
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatalf(f string, a ...any) { r.fatals = append(r.fatals, fmt.Sprintf(f, a...)) }
func (r *recorder) Logf(f string, a ...any)   { r.logs = append(r.logs, fmt.Sprintf(f, a...)) }
func (r *recorder) Failed() bool              { return len(r.errors)+len(r.fatals) > 0 }
func (r *recorder) Cleanup(f func())          { r.cleanups = append(r.cleanups, f) }

func TestTest(t *testing.T) {
	var r recorder
	h := NewTest(&r, inProcess(), time.Second)
	h.Send("usi")
	if got := h.Until("usiok", time.Second); len(got) != 4 {
		t.Errorf("until usiok: %q", got)
	}
	if got := h.Sync(); len(got) != 1 {
		t.Errorf("sync: %q", got)
	}
	h.Send("go mate infinite")
	h.Quiet(50*time.Millisecond, "bestmove")
	if len(r.fatals) != 0 {
		t.Errorf("fatal: %q", r.fatals)
	}
	// The info line ends in "\r\n", a line end, not a bad line.
	if len(r.errors) != 0 {
		t.Errorf("errors: %q", r.errors)
	}
	h.Send("go mate hang")
	h.Quiet(50*time.Millisecond, "checkmate")
	h.Until("checkmate", 10*time.Millisecond)
	if len(r.fatals) != 1 || !strings.HasPrefix(r.fatals[0], "no checkmate within 10ms") {
		t.Errorf("fatal: %q", r.fatals)
	}
	for _, f := range r.cleanups {
		f()
	}
	if len(r.logs) != 1 || !strings.Contains(r.logs[0], "> go mate hang") {
		t.Errorf("logs: %q", r.logs)
	}
}
