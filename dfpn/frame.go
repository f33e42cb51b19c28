package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// child is what a node knows about one of its moves during a visit.
type child struct {
	move     position.Move
	captured position.Piece
	key      uint64        // the child's table key
	hand     position.Hand // the attacker's hand in the child
	pn, dn   uint64
	state    tt.State
	length   uint16        // mate length (proven) or depth disproven
	fhand    position.Hand // proof or disproof hand once decided
	// local marks a result that holds only on this path (a repetition):
	// it is kept for the rest of the visit and never stored.
	local bool
	// fresh marks a child the table knew nothing of when the visit began
	// and that has not been searched since: its numbers are estimates.
	fresh bool
	// hidden marks a defender's drop waiting behind another drop on the
	// same square; next links such a chain (-1 ends it).
	hidden bool
	next   int16
	// exact marks a result that holds for its exact hand only.
	exact bool
	// futile marks a defender's drop found futile relative to the node's
	// other defences (futile_relative.go): it no longer counts.
	futile bool
	// shared marks a child whose subtree rejoins a sibling's (dag.go): the
	// node's δ counts the shared children by their largest φ, not the sum.
	shared bool
}

// frame holds the children of the node at one ply of the path.
type frame struct {
	children []child
	// key is the node's table key and or whether it is an attacker's node;
	// searched is the child being searched below it (dag.go).
	key      uint64
	or       bool
	searched int
	// Under tsume rules, in a bounded search: the squares of the check
	// line whose drops were tested for relative futility, those found
	// futile, whether any result of the node rests on such a test, and
	// whether one of the tests ran out of its budget (futilityCut).
	futilityTested position.Bitboard
	usedFutility   bool
	futilityCut    bool
}

// outcome is what a visit of a node found.
type outcome struct {
	pn, dn uint64
	length uint16        // when decided: mate length or depth disproven
	hand   position.Hand // when decided: proof or disproof hand
	// pathDependent marks a result that holds on this path only: a
	// disproof that rests on a repetition of the current path, or a proof
	// or disproof that rests on a test of relative futility (see
	// futile_relative.go). Such a result is never stored as a fact about
	// the position.
	pathDependent bool
	// exact marks a result that rests on a test of relative futility: it
	// holds for this hand only (exactcache.go).
	exact bool
}

func (o outcome) proven() bool    { return o.pn == 0 }
func (o outcome) disproven() bool { return o.dn == 0 }

func (s *searcher) frameAt(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame{children: make([]child, 0, 16)})
	}
	return s.frames[ply]
}

// probe looks the node with the given key and attacker's hand up at depth:
// in the table, then, if the table has not decided it, in the exact cache
// (while that holds anything). exact tells that the answer came from the
// exact cache (it holds for this very hand only).
func (s *searcher) probe(key uint64, h position.Hand, depth uint16) (r tt.Result, exact bool) {
	r = s.table.Probe(key, h, depth)
	if r.State == tt.Proven || r.State == tt.Disproven || !s.exactCache.inUse() {
		return r, false
	}
	return s.probeExact(key, h, depth, r)
}

// probeExact is probe's look into the exact cache; r is the table's answer.
func (s *searcher) probeExact(key uint64, h position.Hand, depth uint16, r tt.Result) (tt.Result, bool) {
	if e := s.exactCache.probe(key, h, depth); e.State != tt.Empty {
		return e, true
	}
	return r, false
}

// decidedOutcome is the outcome of a probe that found the node decided.
func decidedOutcome(r tt.Result, exact bool) (outcome, bool) {
	switch r.State {
	case tt.Proven:
		return outcome{pn: 0, dn: inf, length: r.Length, hand: r.Hand, exact: exact}, true
	case tt.Disproven:
		return outcome{pn: inf, dn: 0, length: r.Length, hand: r.Hand, exact: exact}, true
	}
	return outcome{}, false
}

// probeChild fills in what is known about c at the given depth. It is
// probe written out: on the hot path the call costs several per cent.
func (s *searcher) probeChild(c *child, depth uint16) {
	r, exact := s.table.Probe(c.key, c.hand, depth), false
	if r.State != tt.Proven && r.State != tt.Disproven && s.exactCache.inUse() {
		r, exact = s.probeExact(c.key, c.hand, depth, r)
	}
	c.state, c.pn, c.dn, c.length, c.fhand, c.exact = r.State, r.Pn, r.Dn, r.Length, r.Hand, exact
}
