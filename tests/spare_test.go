package tests

import (
	"strings"
	"testing"
	"time"
)

// TestTwoPlySpareRuleOverUSI: a 9-ply mate whose longest defence (6a6b,
// taking the gold) leaves the attacker a spare gold, where 7b8b is mated
// in 7 with nothing left (rule case R071 of the project's testdata, from
// antma/tsumeshogi-check's tsume9 tests). Under tsume rules the 2手変長
// convention makes the 7-ply line the answer and says where with an info
// string; with TwoPlySpareRule off the engine prints the 9-ply line.
func TestTwoPlySpareRuleOverUSI(t *testing.T) {
	const sfen = "ln1p5/2k1p4/1pgP+P4/p8/1P7/P8/9/9/9 b RG2Sr2b2g2s3n3l10p 1"
	for _, c := range []struct {
		on    bool
		plies int
	}{{true, 7}, {false, 9}} {
		e := startReady(t)
		if !c.on {
			e.Send("setoption name TwoPlySpareRule value false")
		}
		e.Sync()
		e.Send("position sfen "+sfen, "go mate 20000")
		got := e.Until("checkmate", 30*time.Second)
		if n := verifyCheckmate(t, sfen, got[len(got)-1]); n != c.plies {
			t.Errorf("TwoPlySpareRule %v: %d plies, want %d", c.on, n, c.plies)
		}
		notes := 0
		for _, l := range got {
			if strings.HasPrefix(l, "info string line ply 4: 7b8b instead of 6a6b") {
				notes++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[c.on]; notes != want {
			t.Errorf("TwoPlySpareRule %v: %d notes of the change in %q", c.on, notes, got)
		}
		e.Send("quit")
	}
}
