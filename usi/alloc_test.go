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
	got := h.sync()
	if len(got) != 1 || !strings.Contains(got[0], "could not allocate 256 MB; using 64 MB") {
		t.Errorf("got %q", got)
	}
	h.send("position sfen "+mate1Black, "go mate")
	l := h.untilPrefix("checkmate")
	verifyCheckmate(t, mate1Black, l[len(l)-1], false)
}

// TestAllocationFails: no table at all: go mate still answers, timeout.
func TestAllocationFails(t *testing.T) {
	cfg := Config{NewSolver: func(int) Solver { panic("no memory") }}
	h := startServer(t, cfg)
	if got := h.sync(); len(got) != 1 || !strings.HasPrefix(got[0], "info string could not allocate") {
		t.Errorf("got %q", got)
	}
	h.send("position sfen "+mate1Black, "go mate")
	got := h.untilPrefix("checkmate")
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
	got := h.sync()
	if len(got) < 2 {
		t.Fatalf("got %q, want empty keep-alive lines", got)
	}
	for _, l := range got {
		if l != "" {
			t.Errorf("unexpected %q", l)
		}
	}
}

// warningSolver is a fakeSolver whose table reports a warning.
type warningSolver struct {
	*fakeSolver
	warning string
}

func (w warningSolver) TableWarning() string { return w.warning }

// TestTableWarning: a solver whose table is in a poor state (mostly not in
// huge pages) says so in one info string after the allocation, and the
// session goes on.
func TestTableWarning(t *testing.T) {
	f := &fakeSolver{solve: solveMate1}
	cfg := f.config()
	cfg.NewSolver = func(mb int) Solver {
		f.Resize(mb)
		return warningSolver{f, "only 0 of the table's 256 MiB is in huge pages"}
	}
	h := startServer(t, cfg)
	if got := h.sync(); len(got) != 1 || got[0] != "info string only 0 of the table's 256 MiB is in huge pages" {
		t.Errorf("got %q", got)
	}
	h.send("position sfen "+mate1Black, "go mate")
	l := h.untilPrefix("checkmate")
	verifyCheckmate(t, mate1Black, l[len(l)-1], false)
}
