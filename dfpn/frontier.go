package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// The length proof (minimise) of a long mate can run for minutes or hours
// (Microcosmos' 1525 plies) with nothing to show: its root is decided
// only at the end. Its progress can be read from the table all the same.
// The proof that no mate is shorter than n plies is the disproof of "a
// mate within n-2" at the root, and the search stores the disproof of
// "a mate within n-2-k" for the nodes k plies below the root as it
// finishes them. Once that disproof is stored for the line's node at ply
// k, the proof is complete from that ply on: whatever happens above it,
// the attacker cannot mate faster from there than in n-k plies. The
// earliest such ply along the line is the proof's frontier, reported in
// the progress (Info.ProvenFrom) and with a length that is an upper bound
// (Result.ProvenFrom).

// lengthProof is the state minimise gives the progress reports: the root
// to walk the line from, and the length being proven.
type lengthProof struct {
	// proofRoot is a copy of the root while a length proof runs and
	// progress is reported (nil otherwise): the reports walk the line on
	// it, never on the search's position.
	proofRoot *position.Position
	// proving is the length whose proof runs: the root is being searched
	// for a mate within proving-2 plies.
	proving uint16
}

// provenFrom returns the earliest ply of line (from the root, the
// position p, which it plays the line on and restores) at whose node,
// the attacker to move, the table or the exact cache holds the proof that
// the attacker has no mate within length-2-ply plies: from there on, no
// mate shorter than the line's length remaining exists. It returns 0 when
// no node of the line has one. The root itself (ply 0) is left out: its
// disproof ends the search.
func (s *searcher) provenFrom(p *position.Position, line []position.Move, length uint16) int {
	played, from := 0, 0
	for i, m := range line {
		p.DoMove(m)
		played++
		ply := i + 1
		if p.SideToMove() != s.attacker || ply+2 > int(length) {
			continue
		}
		if s.disprovenAt(p, length-2-uint16(ply)) {
			from = ply
			break
		}
	}
	for ; played > 0; played-- {
		p.UndoMove()
	}
	return from
}

// disprovenAt tells whether the table or the exact cache holds, for the
// position p (the attacker to move), the proof that the attacker has no
// mate within depth plies: the answer the search's own probe would take.
func (s *searcher) disprovenAt(p *position.Position, depth uint16) bool {
	key, h := s.keyOf(p), p.Hand(s.attacker)
	if s.table.Probe(key, h, depth).State == tt.Disproven {
		return true
	}
	return s.exactCache.inUse() && s.exactCache.probe(key, h, depth).State == tt.Disproven
}
