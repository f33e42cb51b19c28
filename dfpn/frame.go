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
}

// frame holds the children of the node at one ply of the path.
type frame struct {
	children []child
	// Under tsume rules, in a bounded search: the squares of the check
	// line whose drops were tested for relative futility, those found
	// futile, and whether any result of the node rests on such a test.
	futilityTested position.Bitboard
	usedFutility   bool
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

// probeChild fills in what the table knows about c at the given depth.
func (s *searcher) probeChild(c *child, depth uint16) {
	r := s.table.Probe(c.key, c.hand, depth)
	c.state, c.pn, c.dn, c.length, c.fhand = r.State, r.Pn, r.Dn, r.Length, r.Hand
	c.exact = false
	if r.State != tt.Proven && r.State != tt.Disproven {
		if o, ok := s.exactCache.probe(c.key, c.hand, depth); ok {
			c.pn, c.dn, c.length, c.fhand, c.exact = o.pn, o.dn, o.length, o.hand, true
			c.state = tt.Proven
			if o.disproven() {
				c.state = tt.Disproven
			}
		}
	}
}
