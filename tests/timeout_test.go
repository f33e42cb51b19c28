package tests

import (
	"testing"
	"time"

	"gomate/usi/usiclient"
)

// TestGoMateTimeLimit: go mate 1000 on Microcosmos answers checkmate
// timeout after about a second: the only right answer, as no solver proves
// a 1525-ply mate in a second and there is a mate (so never nomate).
func TestGoMateTimeLimit(t *testing.T) {
	e := startReady(t)
	e.Send("position sfen " + microcosmos)
	start := time.Now()
	e.Send("go mate 1000")
	got := e.Until("checkmate", 10*time.Second)
	d := time.Since(start)
	if answer := got[len(got)-1]; answer != "checkmate timeout" {
		t.Fatalf("answer %q, want checkmate timeout", answer)
	}
	if d > 3*time.Second {
		t.Errorf("answered after %v, want about 1s", d)
	}
	if d < 900*time.Millisecond {
		t.Errorf("answered after %v, before the time limit: %q", d, got)
	}
}

// TestNoPositionNeverNomate: go mate without a position, or after a bad
// one, must not claim nomate.
func TestNoPositionNeverNomate(t *testing.T) {
	e := startReady(t)
	e.Send("go mate 1000")
	got := e.Until("checkmate", 5*time.Second)
	if got[len(got)-1] != "checkmate timeout" || usiclient.Count(got, "info string no position") != 1 {
		t.Errorf("got %q", got)
	}
	e.Send("position sfen "+mate1Black, "position sfen not/a/position b - 1", "go mate infinite")
	got = e.Until("checkmate", 5*time.Second)
	if got[len(got)-1] != "checkmate timeout" || usiclient.Count(got, "info string no position") != 1 {
		t.Errorf("got %q", got)
	}
}
