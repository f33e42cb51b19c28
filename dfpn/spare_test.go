package dfpn

import (
	"testing"
	"time"

	"gomate/position"
)

// Shogi Zukou #15 (recorded in 29 plies) is a case of 2手変長駒余り: at ply
// 28 the king's longest defence lasts two plies more and leaves the
// attacker a spare gold, another leaves nothing. The test checks the facts
// behind the convention with fresh solvers, not with the code under test:
// the longest defence gives 31 plies ending with spare pieces, and the
// line Solve prints leaves it for a defence exactly two plies shorter that
// ends with an empty hand.
func TestTwoPlySpareRule(t *testing.T) {
	sfen := compositionSFEN(t, "zukou-015")
	lim := Limits{Time: 60 * time.Second}
	solve := func(opt Options) []position.Move {
		t.Helper()
		res := New(64).Solve(mustSFEN(t, sfen), opt, lim)
		if res.Status != Mate || !res.Shortest || res.SpareOpen != "" {
			t.Fatalf("%+v: %v shortest=%v %q %q", opt, res.Status, res.Shortest, res.Reason, res.SpareOpen)
		}
		if err := Tsume.VerifyLine(mustSFEN(t, sfen), position.Black, res.PV); err != nil {
			t.Fatalf("%+v: invalid line: %v", opt, err)
		}
		if opt.NoTwoPlySpare != (len(res.LineNotes) == 0) {
			t.Errorf("%+v: notes %q", opt, res.LineNotes)
		}
		return res.PV
	}
	conv, longest := solve(Options{}), solve(Options{NoTwoPlySpare: true})
	if len(conv) != 29 || len(longest) != 31 {
		t.Fatalf("lengths %d (convention) and %d (longest defence), want 29 and 31", len(conv), len(longest))
	}
	root := mustSFEN(t, sfen)
	if h := handAfter(root, conv, position.Black); !h.IsEmpty() {
		t.Errorf("the convention's line ends with %v in hand", h)
	}
	if h := handAfter(root, longest, position.Black); h.IsEmpty() {
		t.Errorf("the longest defence ends with an empty hand")
	}
	i := 0
	for conv[i] == longest[i] {
		i++
	}
	if i%2 == 0 {
		t.Fatalf("the lines part at ply %d, an attacker's move", i+1)
	}
	within := func(line []position.Move, plies int) Status {
		p := mustSFEN(t, sfen)
		for _, m := range line {
			p.DoMove(m)
		}
		return New(16).MateWithin(p, plies, Options{}, lim)
	}
	// After the convention's defence the mate takes exactly r plies; after
	// the longest, r+2.
	r := len(conv) - (i + 1)
	if st := within(conv[:i+1], r); st != Mate {
		t.Errorf("ply %d %v: mate within %d: %v", i+1, conv[i], r, st)
	}
	if st := within(conv[:i+1], r-2); st != NoMate {
		t.Errorf("ply %d %v: mate within %d: %v, want none", i+1, conv[i], r-2, st)
	}
	if st := within(longest[:i+1], r); st != NoMate {
		t.Errorf("ply %d %v: mate within %d: %v, want none", i+1, longest[i], r, st)
	}
	// Without the convention, no mate within 29 against the longest defence.
	if st := New(64).MateWithin(mustSFEN(t, sfen), 29, Options{}, lim); st != NoMate {
		t.Errorf("mate within 29 against every defence: %v", st)
	}
}
