package tests

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gomate/position"
)

// binary is the path of the gomate binary built by TestMain.
var binary string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "gomate-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "gomate")
	build := exec.Command("go", "build", "-o", binary, "gomate")
	build.Dir = ".." // the repository root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building gomate: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// engine is a running gomate process spoken to over pipes.
type engine struct {
	t      testing.TB
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	exited chan struct{} // closed when the process has exited
	stderr bytes.Buffer

	mu  sync.Mutex
	log []string // everything read, for failure messages
}

// startEngine starts gomate with the given arguments (none: USI mode).
func startEngine(t testing.TB, args ...string) *engine {
	t.Helper()
	return startBinary(t, binary, args...)
}

// startBinary starts the gomate binary at path (another build than the
// one TestMain made, for a benchmark's before and after).
func startBinary(t testing.TB, path string, args ...string) *engine {
	t.Helper()
	e := &engine{t: t, lines: make(chan string, 10000), exited: make(chan struct{})}
	e.cmd = exec.Command(path, args...)
	e.cmd.Stderr = &e.stderr
	var err error
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
		e.cmd.Wait() // after the last read, as os/exec requires
		close(e.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-e.exited:
		default:
			e.cmd.Process.Kill()
			<-e.exited
		}
		if t.Failed() {
			e.mu.Lock()
			t.Logf("engine output:\n%s\nstderr:\n%s", strings.Join(e.log, "\n"), e.stderr.String())
			e.mu.Unlock()
		}
	})
	return e
}

// send writes command lines.
func (e *engine) send(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.stdin, l+"\n"); err != nil {
			e.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// next returns the next line, or false after d or at the end of output.
func (e *engine) next(d time.Duration) (string, bool) {
	select {
	case l, ok := <-e.lines:
		if ok {
			e.mu.Lock()
			e.log = append(e.log, l)
			e.mu.Unlock()
			checkLine(e.t, l)
		}
		return l, ok
	case <-time.After(d):
		return "", false
	}
}

// until reads lines until one starts with prefix, within d, and returns
// all of them (the match last).
func (e *engine) until(prefix string, d time.Duration) []string {
	e.t.Helper()
	var got []string
	deadline := time.Now().Add(d)
	for {
		l, ok := e.next(time.Until(deadline))
		if !ok {
			e.t.Fatalf("no %q line within %v; got %q", prefix, d, got)
		}
		got = append(got, l)
		if strings.HasPrefix(l, prefix) {
			return got
		}
	}
}

// collect returns every line that arrives within d.
func (e *engine) collect(d time.Duration) []string {
	var got []string
	deadline := time.Now().Add(d)
	for {
		l, ok := e.next(time.Until(deadline))
		if !ok {
			return got
		}
		got = append(got, l)
	}
}

// sync sends isready and returns the lines before readyok.
func (e *engine) sync() []string {
	e.t.Helper()
	e.send("isready")
	got := e.until("readyok", 10*time.Second)
	return got[:len(got)-1]
}

// handshake runs usi and the options ShogiHome sends, with a small table.
func (e *engine) handshake() {
	e.t.Helper()
	e.send("usi")
	e.until("usiok", 5*time.Second)
	e.send("setoption name USI_Hash value 64", "setoption name USI_Ponder value true")
	e.sync()
}

// waitExit reports whether the process exits within d.
func (e *engine) waitExit(d time.Duration) bool {
	select {
	case <-e.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// checkLine enforces what GUIs rely on: single spaces, no stray
// whitespace, and pv and string never on one line.
func checkLine(t testing.TB, l string) {
	if l == "" {
		return // a keep-alive line
	}
	if strings.Contains(l, "  ") || strings.TrimSpace(l) != l || strings.ContainsAny(l, "\t\r") {
		t.Errorf("badly spaced line %q", l)
	}
	if strings.HasPrefix(l, "info ") && !strings.HasPrefix(l, "info string") && strings.Contains(l, " string ") && strings.Contains(l, " pv ") {
		t.Errorf("pv and string on one line: %q", l)
	}
	if l == "checkmate" {
		t.Errorf("bare checkmate line")
	}
}

// countPrefix counts the lines starting with prefix.
func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// verifyCheckmate parses a checkmate line the way ShogiHome does (the
// prefix "checkmate ", then a split on single spaces, so a double space
// is an empty move and fails) and replays it: every move legal, every
// attacker move a check, mate at the end. It returns the number of plies.
func verifyCheckmate(t testing.TB, sfen, line string) int {
	t.Helper()
	if !strings.HasPrefix(line, "checkmate ") {
		t.Fatalf("not a checkmate line: %q", line)
	}
	moves := strings.Split(strings.TrimPrefix(line, "checkmate "), " ")
	if moves[0] == "nomate" || moves[0] == "timeout" || moves[0] == "notimplemented" {
		t.Fatalf("no mating line: %q", line)
	}
	p, err := position.FromSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%q: move %d: %v", line, i+1, err)
		}
		p.DoMove(m)
		if i%2 == 0 && !p.InCheck() {
			t.Fatalf("%q: attacker move %d (%s) does not give check", line, i+1, s)
		}
	}
	if len(moves)%2 == 0 || !p.IsMate() {
		t.Fatalf("%q does not end in mate", line)
	}
	return len(moves)
}
