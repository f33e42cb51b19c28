package tests

import (
	"strings"
	"testing"
	"time"
)

// TestShogiHomeSequence replays ShogiHome's exact commands for a mate
// search and checks the answer as ShogiHome would.
func TestShogiHomeSequence(t *testing.T) {
	// ShogiHome sends "go mate infinite" or "go mate <ms>" as the user
	// chose; the mate-in-3 cases use a limit so that a solver that finds
	// the line but cannot prove it shortest still answers.
	cases := []struct {
		name, sfen, goCmd string
		plies             int
	}{
		{"mate in 1, black", mate1Black, "go mate infinite", 1},
		{"mate in 1, white", mate1White, "go mate infinite", 1},
		{"mate in 3, white", mate3White, "go mate infinite", 3},
		{"mate in 3, black", mate3Black, "go mate infinite", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := startEngine(t)
			e.send("usi")
			got := e.until("usiok", 5*time.Second)
			if got[0] != "id name gomate" || !strings.HasPrefix(got[1], "id author ") {
				t.Errorf("handshake %q", got)
			}
			e.send("setoption name USI_Hash value 64",
				"setoption name USI_Ponder value true",
				"setoption name SomeString value ",
				"isready")
			e.until("readyok", 10*time.Second)
			e.send("usinewgame", "position sfen "+c.sfen, c.goCmd)
			got = e.until("checkmate", 20*time.Second)
			answer := got[len(got)-1]
			if n := verifyCheckmate(t, c.sfen, answer); n != c.plies {
				t.Errorf("%d plies, want %d: %q", n, c.plies, answer)
			}
			rest := e.collect(200 * time.Millisecond)
			if k := countPrefix(rest, "checkmate") + countPrefix(rest, "bestmove"); k != 0 {
				t.Errorf("extra answers after the checkmate line: %q", rest)
			}
			e.send("quit")
			start := time.Now()
			if !e.waitExit(5 * time.Second) {
				t.Fatal("no exit within 5s of quit")
			}
			t.Logf("exited %v after quit", time.Since(start))
		})
	}
}
