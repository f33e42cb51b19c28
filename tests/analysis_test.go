package tests

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gomate/usi/usiclient"
)

// ShogiHome's analysis (検討) sends "go infinite" and sends stop only when
// the user moves on; its game-record analysis reads the info lines before
// it stops. These tests wait without stop and check that the answer's
// info lines have arrived, and that only bestmove waited for the stop.

// analysisWait is how long the tests let a search run before stop: longer
// than the first progress interval, as a GUI user would look.
const analysisWait = 1500 * time.Millisecond

// analyse sends position and go infinite, waits analysisWait and returns
// what arrived; it fails if a bestmove came before any stop.
func analyse(t *testing.T, e *engine, sfen string) []string {
	t.Helper()
	e.Send("position sfen "+sfen, "go infinite")
	got := e.Collect(analysisWait)
	if n := usiclient.Count(got, "bestmove"); n != 0 {
		t.Fatalf("bestmove before stop: %q", got)
	}
	return got
}

// stopFor sends stop and returns the bestmove line that follows.
func stopFor(t *testing.T, e *engine) string {
	t.Helper()
	e.Send("stop")
	got := e.Until("bestmove", 5*time.Second)
	return got[len(got)-1]
}

// TestAnalysisShowsMateBeforeStop: go infinite on a mate in 3 has written
// the mate score and the line within the wait, without stop; stop then
// gives the line's first move as bestmove. The user moves on to another
// mate, which is shown as well.
func TestAnalysisShowsMateBeforeStop(t *testing.T) {
	e := startReady(t)
	e.Send("usinewgame")
	for _, sfen := range []string{mate3Black, mate3White} {
		got := analyse(t, e, sfen)
		i := slices.IndexFunc(got, func(l string) bool { return strings.Contains(l, " score mate 3 pv ") })
		if i < 0 {
			t.Fatalf("%s: no mate score before stop: %q", sfen, got)
		}
		pv := infoPV(t, sfen, got[i])
		if len(pv) != 3 {
			t.Errorf("%s: %d plies in %q, want 3", sfen, len(pv), got[i])
		}
		if b := stopFor(t, e); b != "bestmove "+pv[0] {
			t.Errorf("%s: %q after stop, want bestmove %s", sfen, b, pv[0])
		}
	}
}

// TestAnalysisMultiPV: with MultiPV 3, go infinite on a mate in 3 with
// three mating first moves shows multipv lines 1, 2 and 3 before stop,
// each a mate, with different first moves; stop gives multipv 1's first
// move.
func TestAnalysisMultiPV(t *testing.T) {
	e := startReady(t)
	e.Send("setoption name MultiPV value 3", "usinewgame")
	got := analyse(t, e, manyMates)
	var ks, firsts []string
	for _, l := range got {
		f := strings.Split(l, " ")
		i := slices.Index(f, "multipv")
		if f[0] != "info" || i < 0 || i+1 >= len(f) {
			continue
		}
		ks = append(ks, f[i+1])
		pv := infoPV(t, manyMates, l)
		if slices.Contains(firsts, pv[0]) {
			t.Errorf("first move %s twice: %q", pv[0], got)
		}
		firsts = append(firsts, pv[0])
	}
	if !slices.Equal(ks, []string{"1", "2", "3"}) {
		t.Fatalf("multipv numbers %v before stop, want 1 2 3: %q", ks, got)
	}
	if b := stopFor(t, e); b != "bestmove "+firsts[0] {
		t.Errorf("%q after stop, want bestmove %s", b, firsts[0])
	}
}

// TestAnalysisNoMate: on the start position (no check, so no mate) go
// infinite has said "no mate: proven" within the wait, with no made-up
// score; stop gives bestmove resign.
func TestAnalysisNoMate(t *testing.T) {
	e := startReady(t)
	e.Send("usinewgame")
	got := analyse(t, e, startpos)
	i := slices.Index(got, "info string no mate: proven")
	if i < 1 || !strings.HasPrefix(got[i-1], "info time ") || !strings.Contains(got[i-1], " nodes ") {
		t.Errorf("no statistics and proof before stop: %q", got)
	}
	for _, l := range got {
		if strings.Contains(l, " score ") {
			t.Errorf("a score for no mate: %q", l)
		}
	}
	if b := stopFor(t, e); b != "bestmove resign" {
		t.Errorf("%q after stop, want bestmove resign", b)
	}
}
