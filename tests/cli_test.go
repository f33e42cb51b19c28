package tests

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// runCLI runs gomate with args and returns its output and exit code.
func runCLI(t *testing.T, timeout time.Duration, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = t.TempDir() // profiles, if any, land here
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("gomate %q did not finish within %v", args, timeout)
	}
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

func TestCLIPerft(t *testing.T) {
	out, _, code := runCLI(t, 30*time.Second, "perft", "3")
	if code != 0 || !strings.HasPrefix(out, "perft 3: 25470 nodes,") || !strings.Contains(out, "leaves/s") {
		t.Errorf("exit %d, output %q", code, out)
	}
	out, _, code = runCLI(t, 30*time.Second, "perft", "-divide", "1", "sfen", mate1Black)
	if code != 0 || !strings.Contains(out, "7i6g 1\n") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestCLISolve(t *testing.T) {
	// One position as separate arguments, with a "position sfen" prefix.
	args := append([]string{"solve", "-time", "5000", "-hash", "16", "position", "sfen"}, strings.Fields(mate1Black)...)
	out, _, code := runCLI(t, 30*time.Second, args...)
	if code != 0 || !strings.Contains(out, "position: 7i6g\n") || !strings.Contains(out, "1 mate, 0 nomate, 0 unknown") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	// A file in the zukou TSV format, with comments and blank lines.
	out, _, code = runCLI(t, 60*time.Second, "solve", "-time", "5000", "-hash", "16", filepath.Join(abs(t, "testdata"), "mate1.tsv"))
	if code != 0 || !strings.Contains(out, "3 problems: 3 mate") || !strings.Contains(out, "length as expected 3/3") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	// Bad input fails with a message on stderr.
	for _, bad := range [][]string{{"solve"}, {"solve", "no/such/file"}, {"solve", "sfen", "9/9", "b", "-"}, {"solve", "-time", "x", "startpos"}} {
		out, errOut, code := runCLI(t, 10*time.Second, bad...)
		if code == 0 || errOut == "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", bad, code, out, errOut)
		}
	}
}

// TestCLIBench runs the embedded suite with a tiny time limit: it must
// work from anywhere (the suite is in the binary) and print the totals
// the build it ran on and its table.
func TestCLIBench(t *testing.T) {
	out, _, code := runCLI(t, 60*time.Second, "bench", "-time", "10", "-hash", "16")
	if code != 0 || !strings.Contains(out, "total: 160 problems:") || !strings.Contains(out, "mate3.sfen: 50 problems:") ||
		!strings.Contains(out, "build: "+runtime.Version()) || !strings.Contains(out, "\ntable: 16 MiB") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

// TestCLIProfile: -profile cpu writes cpu.pprof into the working directory.
func TestCLIProfile(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary, "perft", "-profile", "cpu", "2")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if _, err := filepath.Glob(filepath.Join(dir, "cpu.pprof")); err != nil {
		t.Fatal(err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "cpu.pprof")); len(m) != 1 {
		t.Error("no cpu.pprof written")
	}
}

func abs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
