package dfpn

import (
	"testing"
	"time"

	"gomate/position"
)

// simProof is one reply the simulation proved: the position after it,
// the length and the proof hand it claimed.
type simProof struct {
	pos    *position.Position
	length int
	hand   position.Hand
}

// collectSimProofs runs the search for the first mate on the first n
// Shogi Zukou problems under rules (each capped at nodes) and returns
// every keep-th reply the simulation proved, up to limit, with the
// number of simulations tried and proven.
func collectSimProofs(t *testing.T, rules Rules, n, keep, limit int, nodes uint64) (proofs []simProof, tried, proved uint64) {
	t.Helper()
	s := New(64)
	seen := 0
	opt := Options{Rules: rules, FirstMate: true}
	opt.simProved = func(pos *position.Position, length uint16, hand position.Hand) {
		seen++
		if seen%keep == 0 && len(proofs) < limit {
			proofs = append(proofs, simProof{pos.Clone(), int(length), hand})
		}
	}
	for _, p := range zukouProblems(t)[:n] {
		pos, err := position.FromSFEN(p.sfen)
		if err != nil {
			t.Fatal(err)
		}
		s.Clear()
		sr := s.newSearcher(pos, opt, Limits{Nodes: nodes})
		sr.solve(opt)
		tried, proved = tried+sr.simulations, proved+sr.simProofs
		s.keep(sr)
	}
	return proofs, tried, proved
}

// TestSimulatedProofsSound checks the simulation's proofs end to end: for
// a sample of the replies it proves in Shogi Zukou's first-mate searches,
// the position after the reply, with the attacker holding only the proof
// hand it claimed (the rest goes to the defender), must mate within the
// length it claimed, by a search on a fresh table with the simulation
// off, under the same rules.
func TestSimulatedProofsSound(t *testing.T) {
	for _, rules := range []Rules{Tsume, Strict} {
		t.Run(rules.String(), func(t *testing.T) {
			proofs, tried, proved := collectSimProofs(t, rules, 30, 7, 60, 200000)
			t.Logf("%d simulations, %d proven, %d checked", tried, proved, len(proofs))
			if len(proofs) < 40 {
				t.Fatalf("only %d simulated proofs to check", len(proofs))
			}
			fresh := New(16)
			long := 0
			for _, sp := range proofs {
				att := sp.pos.SideToMove()
				red, ok := withAttackerHand(t, sp.pos, att, sp.hand)
				if !ok {
					t.Fatalf("%s: proof hand %v is more than the pieces of the game", sp.pos.SFEN(), sp.hand)
				}
				if sp.length > 1 {
					long++
				}
				fresh.Clear()
				res := fresh.Solve(red, Options{Rules: rules}.With(Simulation, false), Limits{Time: 10 * time.Second})
				got := res.Bound
				if res.Status != Mate {
					got = -1
				} else if err := VerifyLine(red, att, res.PV); err != nil {
					t.Fatalf("%s: the fresh search's line: %v", red.SFEN(), err)
				}
				if got < 0 || got > sp.length {
					t.Errorf("%s: simulated mate within %d with proof hand %v, but the fresh search gives %v within %d: %s",
						sp.pos.SFEN(), sp.length, sp.hand, res.Status, got, red.SFEN())
				}
			}
			if long < len(proofs)/4 {
				t.Errorf("only %d of %d checked proofs are longer than a mate in one", long, len(proofs))
			}
		})
	}
}

// TestSimulationSwitch: with the simulation off none is tried, and the
// first mates found either way are real ones.
func TestSimulationSwitch(t *testing.T) {
	s := New(64)
	for _, p := range zukouProblems(t)[1:7] { // #1 takes longer
		pos, err := position.FromSFEN(p.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var tried [2]uint64
		for i, off := range []bool{false, true} {
			s.Clear()
			opt := Options{FirstMate: true}.With(Simulation, !off)
			sr := s.newSearcher(pos, opt, Limits{Nodes: 2000000})
			res := sr.solve(opt)
			tried[i] = sr.simulations
			s.keep(sr)
			if res.Status != Mate {
				t.Errorf("%s (simulation off %v): %v", p.name, off, res.Status)
			} else if err := VerifyLine(pos, pos.SideToMove(), res.PV); err != nil {
				t.Errorf("%s (simulation off %v): %v", p.name, off, err)
			}
		}
		if tried[1] != 0 {
			t.Errorf("%s: %d simulations with the simulation off", p.name, tried[1])
		}
	}
}
