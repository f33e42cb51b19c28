package tests

import (
	"testing"
	"time"
)

// A search of Microcosmos runs far longer than any of these tests, so they
// exercise a search that is really running (once the df-pn solver is in;
// the placeholder answers at once, and the tests still hold).

// TestStopMidSearch: stop gives exactly one checkmate line, no bestmove,
// and the engine goes on.
func TestStopMidSearch(t *testing.T) {
	e := startEngine(t)
	e.handshake()
	e.send("position sfen "+microcosmos, "go mate infinite")
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	e.send("stop")
	got := e.until("checkmate", 5*time.Second)
	t.Logf("answered %v after stop", time.Since(start))
	if answer := got[len(got)-1]; answer != "checkmate timeout" {
		verifyCheckmate(t, microcosmos, answer) // anything else must be a real mate
	}
	rest := e.sync()
	rest = append(rest, e.collect(300*time.Millisecond)...)
	if k := countPrefix(append(got, rest...), "bestmove"); k != 0 {
		t.Errorf("bestmove after go mate: %q", rest)
	}
	if k := countPrefix(rest, "checkmate"); k != 0 {
		t.Errorf("%d extra checkmate lines: %q", k, rest)
	}
	e.send("position sfen "+mate1Black, "go mate 5000")
	got = e.until("checkmate", 10*time.Second)
	verifyCheckmate(t, mate1Black, got[len(got)-1])
}

// TestNewPositionAfterStop: ShogiGUI-style re-search right after a stop:
// the old search's answer comes first and only once, then the new one.
func TestNewPositionAfterStop(t *testing.T) {
	e := startEngine(t)
	e.handshake()
	e.send("position sfen "+microcosmos, "go mate infinite")
	time.Sleep(200 * time.Millisecond)
	e.send("stop", "position sfen "+mate1White2, "go mate infinite")
	first := e.until("checkmate", 5*time.Second)
	if answer := first[len(first)-1]; answer != "checkmate timeout" {
		verifyCheckmate(t, microcosmos, answer)
	}
	second := e.until("checkmate", 10*time.Second)
	verifyCheckmate(t, mate1White2, second[len(second)-1])
	if rest := e.collect(300 * time.Millisecond); countPrefix(rest, "checkmate") != 0 {
		t.Errorf("extra answers %q", rest)
	}
}

func TestQuitMidSearch(t *testing.T) {
	e := startEngine(t)
	e.handshake()
	e.send("position sfen "+microcosmos, "go mate infinite")
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	e.send("quit")
	if !e.waitExit(5 * time.Second) {
		t.Fatal("no exit within 5s of quit")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("exit took %v, want under a second", d)
	}
}

func TestEOFMidSearch(t *testing.T) {
	e := startEngine(t)
	e.handshake()
	e.send("position sfen "+microcosmos, "go mate infinite")
	time.Sleep(300 * time.Millisecond)
	e.stdin.Close()
	if !e.waitExit(5 * time.Second) {
		t.Fatal("no exit within 5s of the end of input")
	}
}

func TestEOFWhenIdle(t *testing.T) {
	e := startEngine(t)
	e.stdin.Close()
	if !e.waitExit(5 * time.Second) {
		t.Fatal("no exit within 5s of the end of input")
	}
}

func TestIsreadyMidSearch(t *testing.T) {
	e := startEngine(t)
	e.handshake()
	e.send("position sfen "+microcosmos, "go mate infinite")
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	e.send("isready")
	got := e.until("readyok", 5*time.Second)
	if d := time.Since(start); d > time.Second {
		t.Errorf("readyok after %v during a search", d)
	}
	e.send("stop")
	if countPrefix(got, "checkmate") == 0 { // the search may end by itself
		got = append(got, e.until("checkmate", 5*time.Second)...)
	}
	got = append(got, e.collect(300*time.Millisecond)...)
	if k := countPrefix(got, "checkmate"); k != 1 {
		t.Errorf("%d checkmate lines: %q", k, got)
	}
}
