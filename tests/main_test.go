package tests

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gomate/position"
	"gomate/usi/usiclient"
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

// engine is a running gomate process spoken to over pipes: a
// usiclient.Test, which checks every line for what GUIs rely on and logs
// the dialogue when a test fails; the engine's stderr is logged then too.
type engine struct {
	*usiclient.Test
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
	cmd := exec.Command(path, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	c, err := usiclient.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	e := &engine{usiclient.NewTest(t, c, 10*time.Second)}
	t.Cleanup(func() {
		c.Kill()
		if t.Failed() {
			t.Logf("engine stderr:\n%s", stderr.String())
		}
	})
	return e
}

// handshake runs usi and the options ShogiHome sends, with a small table.
func (e *engine) handshake() {
	e.Send("usi")
	e.Until("usiok", 5*time.Second)
	e.Send("setoption name USI_Hash value 64", "setoption name USI_Ponder value true")
	e.Sync()
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
