package tests

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

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

// startReady starts gomate and runs usi and the options ShogiHome sends,
// with a small table.
func startReady(t testing.TB) *engine {
	t.Helper()
	e := startEngine(t)
	e.Send("usi")
	e.Until("usiok", 5*time.Second)
	e.Send("setoption name USI_Hash value 64", "setoption name USI_Ponder value true")
	e.Sync()
	return e
}
