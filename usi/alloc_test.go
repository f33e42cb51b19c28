package usi

import (
	"strings"
	"testing"
	"time"
)

// TestAllocationFallsBack: a table too large to allocate is retried at
// half the size until it fits, with one info string.
func TestAllocationFallsBack(t *testing.T) {
	f := &fakeSolver{solve: solveMate1}
	cfg := f.config()
	cfg.NewSolver = func(mb int) Solver {
		if mb > 100 {
			panic("out of memory")
		}
		f.Resize(mb)
		return f
	}
	h := startServer(t, cfg)
	got := h.Sync()
	if len(got) != 1 || !strings.Contains(got[0], "could not allocate 256 MB; using 64 MB") {
		t.Errorf("got %q", got)
	}
	h.Send("position sfen "+mate1Black, "go mate")
	l := h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, l[len(l)-1], false)
}

// TestAllocationFails: no table at all: go mate still answers, timeout.
func TestAllocationFails(t *testing.T) {
	cfg := Config{NewSolver: func(int) Solver { panic("no memory") }}
	h := startServer(t, cfg)
	if got := h.Sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string could not allocate") {
		t.Errorf("got %q", got)
	}
	h.Send("position sfen "+mate1Black, "go mate")
	got := h.Until("checkmate", wait)
	if got[len(got)-1] != "checkmate timeout" {
		t.Errorf("got %q", got)
	}
}

// TestKeepAlive: a slow allocation sends empty lines before readyok.
func TestKeepAlive(t *testing.T) {
	f := &fakeSolver{solve: solveMate1}
	cfg := f.config()
	cfg.KeepAlive = 30 * time.Millisecond
	cfg.NewSolver = func(mb int) Solver { time.Sleep(200 * time.Millisecond); return f }
	h := startServer(t, cfg)
	got := h.Sync()
	if len(got) < 2 {
		t.Fatalf("got %q, want empty keep-alive lines", got)
	}
	for _, l := range got {
		if l != "" {
			t.Errorf("unexpected %q", l)
		}
	}
}

// warningSolver is a fakeSolver whose table reports a warning, judged at
// once or after a number of questions.
type warningSolver struct {
	*fakeSolver
	warning string
	asks    *int // TableWarning is judged from the (*asks)th question on
}

func (w warningSolver) TableWarning() (string, bool) {
	*w.asks--
	if *w.asks > 0 {
		return "", false
	}
	return w.warning, true
}

// TestTableWarning: a solver whose table is in a poor state (mostly not in
// huge pages) says so in one info string after the allocation, and the
// session goes on.
func TestTableWarning(t *testing.T) {
	f := &fakeSolver{solve: solveMate1}
	cfg := f.config()
	cfg.NewSolver = func(mb int) Solver {
		f.Resize(mb)
		return warningSolver{f, "only 0 of the 256 MiB of the table in memory is in huge pages", new(int)}
	}
	h := startServer(t, cfg)
	if got := h.Sync(); len(got) != 1 || got[0] != "info string only 0 of the 256 MiB of the table in memory is in huge pages" {
		t.Errorf("got %q", got)
	}
	h.Send("position sfen "+mate1Black, "go mate")
	l := h.Until("checkmate", wait)
	verifyCheckmate(t, mate1Black, l[len(l)-1], false)
	if got := h.Sync(); len(got) != 0 {
		t.Errorf("the warning again: %q", got)
	}
}

// TestTableWarningLater: a table that cannot be judged at allocation (it
// is still being faulted in) is judged at a later isready or go, and the
// warning comes once; a new table (USI_Hash changed) is judged afresh.
func TestTableWarningLater(t *testing.T) {
	f := &fakeSolver{solve: solveMate1}
	cfg := f.config()
	asks := 0
	cfg.NewSolver = func(mb int) Solver {
		f.Resize(mb)
		return warningSolver{f, "bad table", &asks}
	}
	asks = 3 // judged at the third question: the first isready, go, then isready
	h := startServer(t, cfg)
	if got := h.Sync(); len(got) != 0 {
		t.Errorf("first isready: got %q", got)
	}
	h.Send("position sfen "+mate1Black, "go mate")
	l := h.Until("checkmate", wait)
	if countWarnings(l) != 0 {
		t.Errorf("go: got %q", l)
	}
	if got := h.Sync(); len(got) != 1 || got[0] != "info string bad table" {
		t.Errorf("second isready: got %q", got)
	}
	if got := h.Sync(); len(got) != 0 {
		t.Errorf("third isready: got %q", got)
	}
	h.Send("setoption name USI_Hash value 32")
	asks = 1
	if got := h.Sync(); len(got) != 1 || got[0] != "info string bad table" {
		t.Errorf("isready after a new USI_Hash: got %q", got)
	}
}

// countWarnings counts the table warnings of warningSolver in lines.
func countWarnings(lines []string) int {
	n := 0
	for _, l := range lines {
		if l == "info string bad table" {
			n++
		}
	}
	return n
}
