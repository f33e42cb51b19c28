package tests

import (
	"strings"
	"testing"
	"time"

	"gomate/usi/usiclient"
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
			e.Send("usi")
			got := e.Until("usiok", 5*time.Second)
			if got[0] != "id name gomate" || !strings.HasPrefix(got[1], "id author ") {
				t.Errorf("handshake %q", got)
			}
			e.Send("setoption name USI_Hash value 64",
				"setoption name USI_Ponder value true",
				"setoption name SomeString value ",
				"isready")
			e.Until("readyok", 10*time.Second)
			e.Send("usinewgame", "position sfen "+c.sfen, c.goCmd)
			got = e.Until("checkmate", 20*time.Second)
			answer := got[len(got)-1]
			if n := verifyCheckmate(t, c.sfen, answer); n != c.plies {
				t.Errorf("%d plies, want %d: %q", n, c.plies, answer)
			}
			rest := e.Collect(200 * time.Millisecond)
			if k := usiclient.Count(rest, "checkmate") + usiclient.Count(rest, "bestmove"); k != 0 {
				t.Errorf("extra answers after the checkmate line: %q", rest)
			}
			e.Send("quit")
			start := time.Now()
			if !e.WaitExit(5 * time.Second) {
				t.Fatal("no exit within 5s of quit")
			}
			t.Logf("exited %v after quit", time.Since(start))
		})
	}
}
