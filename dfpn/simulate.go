package dfpn

import (
	"slices"

	"gomate/position"
	"gomate/tt"
)

// Simulation (Kawano, "Using similar positions to search game trees",
// 1996). When the defender interposes on a square and the mate after that
// drop is proven, the next piece dropped on the same square is most often
// mated the same way: the two lines differ only by the piece on that
// square, or, once it is taken, by a piece in the attacker's hand. So
// when lazy.go reveals such a drop behind a proven one, simulate first
// replays the proven drop's proof on it: at the attacker's nodes it
// tries only the check that the table has proven in the matching node of
// the proven line (or a mate in one), at the defender's nodes it answers
// every defence, each from the table or by the matching node of the
// proven line. It gives up at the first node it cannot match (no check
// proven there, or a defence the proven line did not have), or when its
// node budget runs out.
//
// The other chains of lazy.go (a capture's non-promotion behind its
// promotion, a capture by another piece of the kind) could be simulated
// the same way, but their positions differ by more (the capturing piece
// stands elsewhere), and with them 乱's first mate took far more nodes
// than with drops only
// (docs/notes/ablation.md#simulation-kawanos-simulation-for-interposing-drops).
//
// What it proves is a real proof: every defence below the reply is
// answered, and every leaf is a mate or a proof the table holds. So its
// results go to the table like the search's own, with their proof hands
// and lengths, and a failure costs only the nodes it visited, which count
// as nodes. It runs in the search for the first mate only: tried in the
// searches with a length bound too (where the depth checks below keep its
// lengths within the bound), it made no difference (same section).

// simBudget is the most nodes one simulation may visit. Most take a few:
// the proven line's captures lead to positions the table already holds.
const simBudget = 4096

// simLimit is the most plies one simulation may go down.
const simLimit = 256

// simState is the simulations' scratch space, kept by the solver so that
// a simulation allocates nothing once its buffers have grown.
type simState struct {
	// proven is the position of the proven line, moved in step with the
	// searcher's position along the simulated one.
	proven *position.Position
	// moves holds two move lists per ply of the simulation: the simulated
	// line's and the proven line's.
	moves [][2][]position.Move
	end   uint64 // the node count at which the running simulation stops
}

// buffers returns the two empty move lists of the simulation's ply d.
func (st *simState) buffers(d int) (ours, theirs []position.Move) {
	for len(st.moves) <= d {
		st.moves = append(st.moves, [2][]position.Move{
			make([]position.Move, 0, position.MaxMoves), make([]position.Move, 0, position.MaxMoves)})
	}
	return st.moves[d][0][:0], st.moves[d][1][:0]
}

// simulate tries to prove the defender's reply n of the node in frame f
// (the current position) by replaying the proof of the proven
// drop p on the same square. On success it fills in n's result and
// reports true.
func (s *searcher) simulate(f *frame, p, n *child) bool {
	if s.simulation == nil || !s.unbounded || s.horizon > 0 || s.budgetEnd != 0 || f.depth < 3 {
		return false
	}
	st := s.simulation
	st.proven.CopyFrom(s.pos)
	st.proven.DoMove(p.move)
	st.end = s.nodes + simBudget
	s.simulations++
	s.pos.DoMove(n.move)
	o, ok := s.simAttack(0, f.ply+1, childDepthOf(f.depth))
	if ok && s.simProved != nil {
		s.simProved(s.pos, o.length, o.hand)
	}
	s.pos.UndoMove()
	if !ok {
		return false
	}
	s.simProofs++
	n.pn, n.dn, n.state, n.length, n.fhand, n.fresh = 0, inf, tt.Proven, o.length, o.hand, false
	return true
}

// simProven is the outcome of a node the simulation proved.
func simProven(length uint16, hand position.Hand) (outcome, bool) {
	return outcome{pn: 0, dn: inf, length: length, hand: hand}, true
}

// simEnter starts a node of the simulation (the current position, ply ply
// of the search, d of the simulation, depth plies left, of which it needs
// minDepth): it counts the node and returns its key and the attacker's
// hand. When the node needs no more work it reports done, with the
// outcome: proven (ok) when the table holds a proof; failed when the
// budget, the simulation's ply limit or the depth runs out, or the table
// disproves the node.
func (s *searcher) simEnter(d, ply int, depth, minDepth uint16) (key uint64, h position.Hand, o outcome, ok, done bool) {
	s.nodes++
	if s.nodes >= s.simulation.end || d >= simLimit || depth < minDepth {
		return 0, 0, outcome{}, false, true
	}
	key, h = s.key(), s.pos.Hand(s.attacker)
	switch r := s.table.ProbeFrom(key, h, depth, s.level(ply), s.startLevel(ply)); r.State {
	case tt.Proven:
		o, ok = simProven(r.Length, r.Hand)
		return key, h, o, ok, true
	case tt.Disproven:
		return 0, 0, outcome{}, false, true
	}
	return key, h, outcome{}, false, false
}

// simAttack proves the attacker's node at the current position (ply ply of
// the search, d of the simulation, depth plies left) with the check proven
// in the matching node of the proven line.
func (s *searcher) simAttack(d, ply int, depth uint16) (outcome, bool) {
	key, _, o, ok, done := s.simEnter(d, ply, depth, 1)
	if done {
		return o, ok
	}
	pos, proven := s.pos, s.simulation.proven
	ours, theirs := s.simulation.buffers(d)
	ours = pos.GenerateChecks(ours)
	if m := pos.Mate1Among(ours); m != position.NoMove {
		return s.storeMate1(key, m), true
	}
	m := s.provenCheck(theirs, ply, depth)
	if m == position.NoMove || !slices.Contains(ours, m) {
		return outcome{}, false
	}
	board, full := pos.KeysAfter(m)
	if _, loops := s.loops(board, full, pos.HandAfter(m, s.attacker)); loops {
		return outcome{}, false
	}
	start := s.nodes
	captured := pos.Captured(m)
	s.pathAdd()
	pos.DoMove(m)
	proven.DoMove(m)
	o, ok = s.simDefend(d+1, ply+1, depth-1)
	proven.UndoMove()
	pos.UndoMove()
	s.pathRemove()
	if !ok {
		return outcome{}, false
	}
	ph, l := orProofHand(o.hand, m, captured), depthPlus1(o.length)
	s.table.StoreProven(key, ph, l, s.amountSince(start))
	return simProven(l, ph)
}

// provenCheck returns the check of the proven line's current node whose
// child the table has proven (the shortest such), or NoMove; buf is its
// move list.
func (s *searcher) provenCheck(buf []position.Move, ply int, depth uint16) position.Move {
	proven := s.simulation.proven
	best, bestLen := position.NoMove, uint16(0)
	for _, c := range proven.GenerateChecks(buf) {
		board, _ := proven.KeysAfter(c)
		r := s.table.ProbeFrom(board^s.sig, proven.HandAfter(c, s.attacker), depth-1, s.level(ply+1), s.startLevel(ply+1))
		if r.State == tt.Proven && (best == position.NoMove || r.Length < bestLen) {
			best, bestLen = c, r.Length
		}
	}
	return best
}

// simDefend proves the defender's node at the current position: every
// defence is mated, as the table says or as the matching defence of the
// proven line is.
func (s *searcher) simDefend(d, ply int, depth uint16) (outcome, bool) {
	key, h, o, ok, done := s.simEnter(d, ply, depth, 2)
	if done {
		return o, ok
	}
	ours, theirs := s.simulation.buffers(d)
	pos, proven := s.pos, s.simulation.proven
	ours = s.rules.Defences(pos, ours)
	if len(ours) == 0 {
		return s.storeMated(key), true
	}
	ph := interposeNeeds(pos, s.attacker)
	theirsListed := false // the proven line's replies, listed when first needed
	start := s.nodes
	var l uint16
	s.pathAdd()
	defer s.pathRemove()
	for _, m := range ours {
		board, full := pos.KeysAfter(m)
		if _, loops := s.loops(board, full, h); loops {
			return outcome{}, false
		}
		switch r := s.table.ProbeFrom(board^s.sig, h, depth-1, s.level(ply+1), s.startLevel(ply+1)); r.State {
		case tt.Proven:
			ph, l = ph.Max(r.Hand), max(l, r.Length)
			continue
		case tt.Disproven:
			return outcome{}, false
		}
		if !theirsListed {
			theirs, theirsListed = proven.GenerateLegal(theirs), true
		}
		if !slices.Contains(theirs, m) {
			return outcome{}, false
		}
		pos.DoMove(m)
		proven.DoMove(m)
		o, ok := s.simAttack(d+1, ply+1, depth-1)
		proven.UndoMove()
		pos.UndoMove()
		if !ok {
			return outcome{}, false
		}
		ph, l = ph.Max(o.hand), max(l, o.length)
	}
	l = depthPlus1(l)
	s.table.StoreProven(key, ph, l, s.amountSince(start))
	return simProven(l, ph)
}
