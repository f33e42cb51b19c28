package tests

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gomate/usi/usiclient"
)

// TestShogiHomeSequence replays ShogiHome's exact commands for a mate
// search and checks the answer as ShogiHome would.
func TestShogiHomeSequence(t *testing.T) {
	// ShogiHome sends "go mate infinite" or "go mate <ms>" as the user
	// chose; these cases send "go mate infinite", and the mate-in-3 ones
	// rely on the solver proving its line shortest.
	for _, c := range []struct {
		sfen  string
		plies int
	}{{mate1Black, 1}, {mate1White, 1}, {mate3White, 3}, {mate3Black, 3}} {
		side := map[string]string{"b": "black", "w": "white"}[strings.Fields(c.sfen)[1]]
		t.Run(fmt.Sprintf("mate in %d, %s", c.plies, side), func(t *testing.T) {
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
			e.Send("usinewgame", "position sfen "+c.sfen, "go mate infinite")
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
