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
	// it is kept for the rest of the visit and never stored in the table;
	// cut marks one that rests on a futility test that ran out of budget.
	local, cut bool
	// loopTop is, for a local result, where on the path it becomes a fact
	// (outcome.loopTop).
	loopTop uint16
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
	// unread marks a hidden child whose table entry has not been read
	// yet (expand reads only the visible ones).
	unread bool
}

// frame holds the children of the node at one ply of the path.
type frame struct {
	children []child
	// key is the node's table key and or whether it is an attacker's node;
	// searched is the child being searched below it (dag.go).
	key      uint64
	or       bool
	searched int
	// ply is the node's ply, depth its bound (plies left), ancestors the
	// hash of the set of positions on the path above it (repcache.go),
	// pathIndex the number of those positions (loops.go).
	ply       int
	pathIndex int
	depth     uint16
	ancestors uint64
	// hand is the attacker's hand at the node, startNodes the node count
	// when its visit began (what a result stored for it cost).
	hand       position.Hand
	startNodes uint64
	// Under tsume rules, in a bounded search: the squares of the check
	// line whose drops were tested for relative futility, whether any
	// result of the node rests on such a test, whether one of the tests
	// ran out of its budget (futilityCut), and whether one rested on a
	// result that holds on this path only, and where on the path that
	// becomes a fact (futilityLocal).
	futilityTested position.Bitboard
	usedFutility   bool
	futilityCut    bool
	futilityLocal  returns
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
	// loopTop tells, for a pathDependent result that rests on moves back
	// to positions on the path and on nothing else path-dependent, 1 + the
	// index on the path of the shallowest such position: at that node the
	// result is a fact (loops.go). 0: it never becomes one here.
	loopTop uint16
	// cut marks a result that rests on a futility test that ran out of its
	// budget: not a fact even on this path (it is pathDependent too).
	cut bool
	// exact marks a result that rests on a test of relative futility: it
	// holds for this hand only (exactcache.go).
	exact bool
}

func (o outcome) proven() bool    { return o.pn == 0 }
func (o outcome) disproven() bool { return o.dn == 0 }

// settledDisproof tells a disproof that is an answer, at least on this
// path: not one resting on a futility test out of its budget (cut). A
// futility test takes only such a disproof as its answer; any other
// outcome leaves the test undecided (futile_relative.go).
func (o outcome) settledDisproof() bool { return o.dn == 0 && !o.cut }

func (s *searcher) frameAt(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame{children: make([]child, 0, 16)})
	}
	return s.frames[ply]
}

// source tells where a probe found its answer.
type source uint8

const (
	fromTable      source = iota // a fact about the position (or nothing)
	fromExact                    // the exact cache: for this very hand only
	fromRepetition               // the repetition cache: on this path only
)

// probe looks the node with the given key and attacker's hand up at depth
// (its estimates at ply): in the table, then, if the table has not decided
// it and marks it as a node with side results (tt.Table.MarkSideResult),
// in the exact cache, then in the repetition cache for the positions now
// on the path above it. Only marked nodes are looked up there: a side
// cache is a cache miss of its own. A mark lost with its entry only costs
// the search the shortcut.
func (s *searcher) probe(key uint64, h position.Hand, depth uint16, ply int) (tt.Result, source) {
	r := s.table.ProbeFrom(key, h, depth, s.level(ply), s.startLevel(ply))
	if r.State == tt.Proven || r.State == tt.Disproven || !r.SideResult {
		return r, fromTable
	}
	if s.exactCache.inUse() {
		if e, exact := s.probeExact(key, h, depth, r); exact {
			return e, fromExact
		}
	}
	if rr, ok := s.repProbe(key, h, s.path.hash, depth); ok {
		return rr, fromRepetition
	}
	return r, fromTable
}

// probeExact is probe's look into the exact cache; r is the table's answer.
func (s *searcher) probeExact(key uint64, h position.Hand, depth uint16, r tt.Result) (tt.Result, bool) {
	if e := s.exactCache.probe(key, h, depth); e.State != tt.Empty {
		s.exactHits++
		return e, true
	}
	return r, false
}

// decidedOutcome is the outcome of a probe that found the node decided.
func decidedOutcome(r tt.Result, from source) (outcome, bool) {
	exact, local := from == fromExact, from == fromRepetition
	switch r.State {
	case tt.Proven:
		return outcome{pn: 0, dn: inf, length: r.Length, hand: r.Hand, exact: exact, pathDependent: local}, true
	case tt.Disproven:
		return outcome{pn: inf, dn: 0, length: r.Length, hand: r.Hand, exact: exact, pathDependent: local}, true
	}
	return outcome{}, false
}

// probeChild fills in what is known about c at the given depth. It is
// probe written out: on the hot path the call costs several per cent.
// It reports whether the table marks the child as one with side results
// (look in the repetition cache).
func (s *searcher) probeChild(c *child, depth uint16, ply int) (sideResult bool) {
	r, exact := s.table.ProbeFrom(c.key, c.hand, depth, s.level(ply), s.startLevel(ply)), false
	if r.SideResult && r.State != tt.Proven && r.State != tt.Disproven && s.exactCache.inUse() {
		r, exact = s.probeExact(c.key, c.hand, depth, r)
	}
	c.state, c.pn, c.dn, c.length, c.fhand, c.exact = r.State, r.Pn, r.Dn, r.Length, r.Hand, exact
	return r.SideResult
}

// positionLevel is the one level at which the search for the first mate
// keeps its estimates when it keeps them by position
// (estimatesByPosition); no path is that long.
const positionLevel = maxDepth

// level is where the estimates of the node at ply are kept in the table
// (tt.Table.StoreSearching). In the searches with a length bound it is
// the node's ply, whatever the bound, so that a search with a shorter
// bound (the minimisation of a mate's length, a futility test, the
// rebuild of the line) starts from the estimates of the searches before
// it. The search for the first mate keeps one per position and hand
// (positionLevel) unless estimatesByPosition is off.
func (s *searcher) level(ply int) uint16 {
	if s.estimatesByPosition && s.unbounded {
		return positionLevel
	}
	return uint16(min(ply, int(maxDepth)))
}

// startLevel is where a node with no estimates at its level starts from
// (tt.Table.ProbeFrom): in the searches with a length bound, after a
// search for the first mate that kept its estimates by position, those
// (the estimates by ply start there as they started from the first
// search's estimates by ply when it kept them so); else its own level.
func (s *searcher) startLevel(ply int) uint16 {
	if s.estimatesByPosition {
		return positionLevel
	}
	return s.level(ply)
}
