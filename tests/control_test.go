package tests

import (
	"testing"
	"time"

	"gomate/usi/usiclient"
)

// A search of Microcosmos runs far longer than any of these tests, so they
// exercise a search that is really running (once the df-pn solver is in;
// the placeholder answers at once, and the tests still hold).

// searching starts gomate with a search of Microcosmos and lets it run
// for d.
func searching(t *testing.T, d time.Duration) *engine {
	t.Helper()
	e := startReady(t)
	e.Send("position sfen "+microcosmos, "go mate infinite")
	time.Sleep(d)
	return e
}

// TestStopMidSearch: stop gives exactly one checkmate line, no bestmove,
// and the engine goes on.
func TestStopMidSearch(t *testing.T) {
	e := searching(t, 300*time.Millisecond)
	start := time.Now()
	e.Send("stop")
	got := e.Until("checkmate", 5*time.Second)
	t.Logf("answered %v after stop", time.Since(start))
	if answer := got[len(got)-1]; answer != "checkmate timeout" {
		verifyCheckmate(t, microcosmos, answer) // anything else must be a real mate
	}
	rest := e.Sync()
	rest = append(rest, e.Collect(300*time.Millisecond)...)
	if k := usiclient.Count(append(got, rest...), "bestmove"); k != 0 {
		t.Errorf("bestmove after go mate: %q", rest)
	}
	if k := usiclient.Count(rest, "checkmate"); k != 0 {
		t.Errorf("%d extra checkmate lines: %q", k, rest)
	}
	e.Send("position sfen "+mate1Black, "go mate 5000")
	got = e.Until("checkmate", 10*time.Second)
	verifyCheckmate(t, mate1Black, got[len(got)-1])
}

// TestNewPositionAfterStop: ShogiGUI-style re-search right after a stop:
// the old search's answer comes first and only once, then the new one.
func TestNewPositionAfterStop(t *testing.T) {
	e := searching(t, 200*time.Millisecond)
	e.Send("stop", "position sfen "+mate1White2, "go mate infinite")
	first := e.Until("checkmate", 5*time.Second)
	if answer := first[len(first)-1]; answer != "checkmate timeout" {
		verifyCheckmate(t, microcosmos, answer)
	}
	second := e.Until("checkmate", 10*time.Second)
	verifyCheckmate(t, mate1White2, second[len(second)-1])
	if rest := e.Collect(300 * time.Millisecond); usiclient.Count(rest, "checkmate") != 0 {
		t.Errorf("extra answers %q", rest)
	}
}

// TestEndOfInput: quit, or the end of input mid-search or when idle,
// ends the process within 5 s (a quit within a second).
func TestEndOfInput(t *testing.T) {
	for _, c := range []struct {
		name   string
		search bool
		quit   bool
	}{{"quit mid-search", true, true}, {"EOF mid-search", true, false}, {"EOF when idle", false, false}} {
		t.Run(c.name, func(t *testing.T) {
			var e *engine
			if c.search {
				e = searching(t, 300*time.Millisecond)
			} else {
				e = startEngine(t)
			}
			start := time.Now()
			if c.quit {
				e.Send("quit")
			} else {
				e.CloseInput()
			}
			if !e.WaitExit(5 * time.Second) {
				t.Fatal("no exit within 5s")
			}
			if d := time.Since(start); c.quit && d > time.Second {
				t.Errorf("exit took %v, want under a second", d)
			}
		})
	}
}

func TestIsreadyMidSearch(t *testing.T) {
	e := searching(t, 300*time.Millisecond)
	start := time.Now()
	e.Send("isready")
	got := e.Until("readyok", 5*time.Second)
	if d := time.Since(start); d > time.Second {
		t.Errorf("readyok after %v during a search", d)
	}
	e.Send("stop")
	if usiclient.Count(got, "checkmate") == 0 { // the search may end by itself
		got = append(got, e.Until("checkmate", 5*time.Second)...)
	}
	got = append(got, e.Collect(300*time.Millisecond)...)
	if k := usiclient.Count(got, "checkmate"); k != 1 {
		t.Errorf("%d checkmate lines: %q", k, got)
	}
}
