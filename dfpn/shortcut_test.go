package dfpn

import (
	"fmt"
	"testing"
	"time"

	"gomate/position"
	"gomate/tt"
)

// TestShortcutsKeepTheLength solves mate-in-11 positions (strict) and
// Shogi Zukou problems (tsume) with the shortcuts along the line on and
// off: the proven lengths must be the same, and the shortcuts must have
// taken some lengths down (so the test exercises them).
func TestShortcutsKeepTheLength(t *testing.T) {
	type problem struct {
		name    string
		rules   Rules
		horizon int
	}
	var probs []problem
	for i := 1; i <= 60; i++ {
		probs = append(probs, problem{fmt.Sprintf("mate11.sfen:%d", i), Strict, 0})
	}
	for _, n := range []string{"zukou-007", "zukou-015", "zukou-025"} {
		probs = append(probs, problem{n, Tsume, 0})
	}
	// Horizons shorter than the other defences' mates, so that futility
	// tests meet them.
	probs = append(probs, problem{"zukou-015", Tsume, 2}, problem{"zukou-025", Tsume, 4})
	s := New(128)
	var hits uint64
	for _, p := range probs {
		var lengths [2]int
		for i, off := range []bool{false, true} {
			pos, err := position.FromSFEN(compositionSFEN(t, p.name))
			if err != nil {
				t.Fatal(err)
			}
			s.Clear()
			res := s.Solve(pos, Options{Rules: p.rules, shortcutHorizon: p.horizon}.With(LineShortcuts, !off), Limits{Time: 60 * time.Second})
			if res.Status != Mate || !res.Shortest {
				t.Fatalf("%s (shortcuts off %v): %v, shortest %v (%s)", p.name, off, res.Status, res.Shortest, res.Reason)
			}
			if off && res.shortcutHits != 0 {
				t.Fatalf("%s: %d shortcuts with them off", p.name, res.shortcutHits)
			}
			if !off {
				hits += res.shortcutHits
			}
			lengths[i] = len(res.PV)
		}
		if lengths[0] != lengths[1] {
			t.Errorf("%s: %d plies with shortcuts, %d without", p.name, lengths[0], lengths[1])
		}
	}
	if hits == 0 {
		t.Error("no shortcut took a length down")
	}
	t.Logf("%d problems, %d shortcuts", len(probs), hits)
}

// TestHorizonFailuresAreNotStored searches mate-in-11 positions with a
// horizon of two plies, where the mate cannot be seen, and requires that
// nothing the horizon made was stored: the root is not disproven in the
// table, and the same searcher then proves the mate in 11.
func TestHorizonFailuresAreNotStored(t *testing.T) {
	s := New(64)
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("mate11.sfen:%d", i)
		pos, err := position.FromSFEN(compositionSFEN(t, name))
		if err != nil {
			t.Fatal(err)
		}
		s.Clear()
		sr := s.newSearcher(pos, Options{Rules: Strict}, Limits{})
		sr.horizon = 2
		if o := sr.prove(11, 0); !o.disproven() || !o.cut {
			t.Fatalf("%s: with a horizon of 2 plies: proven %v, disproven %v, cut %v", name, o.proven(), o.disproven(), o.cut)
		}
		if r := s.table.Probe(sr.nodeKey(0), pos.Hand(sr.attacker), 11); r.State == tt.Disproven {
			t.Fatalf("%s: the horizon's failure was stored", name)
		}
		sr.horizon = 0
		if o := sr.prove(11, 0); !o.proven() || o.length != 11 {
			t.Errorf("%s: after the horizon search: proven %v, length %d", name, o.proven(), o.length)
		}
		s.keep(sr)
	}
}

// TestFutilityTestsIgnoreTheHorizon: a futility test inside a shortcut
// search must not take a failure the horizon made for a defence that
// lasts (otherwise it could call a drop futile that is not, and a proof
// could count too few defences). The rook checks from afar, the king can
// step aside, and every search below the node meets the horizon at once.
func TestFutilityTestsIgnoreTheHorizon(t *testing.T) {
	sr, f, between, done := rookCheckNode(t)
	defer done()
	sr.horizon = 1 // the node is at ply 1, its children past the horizon
	if sr.otherDefencesLast(f, between, 9, 1) {
		t.Fatal("the king's steps were taken to last on failures the horizon made")
	}
	if !sr.futilityCut {
		t.Error("the test did not report that it was left undecided")
	}
}
