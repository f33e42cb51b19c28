package dfpn

import "gomate/position"

// Loops. A move back to a position on the current path loses for the
// attacker on that path (perpetual check is not a mate): expand marks
// such a child disproven for this path only (frame.go, child.local).
//
// The same holds, under the same terms, for a move to a position whose
// board is on the path with the attacker holding at least the pieces he
// holds now (KomoringHeights calls it a repetition or an inferior
// position). The attacker has gone round a loop and come back no better
// off, so a line through it is never needed: if the position on the path,
// Y, mates in m plies, the inferior one, X, needs at least m (a smaller
// hand never mates faster), while a shortest mate of Y that passed through
// X, k plies below it, would take at least k + m. So the shortest mate of
// every node avoids such positions, and cutting them off leaves every
// proof the search can find a real one and every length it proves the
// shortest; the disproofs that rest on them hold on this path only,
// exactly as a repetition's do.
//
// The argument needs the mate length to be monotone in the attacker's
// hand, which the table assumes too (hands.go) but tsume rules' relative
// futility test does not give (futile_relative.go: a larger hand can make
// a drop count). With that test on, only exact repetitions are cut.
//
// The cut serves the searches with a length bound, which want the
// shortest mate. The search for the first mate wants any mate, and a
// longer one through such a loop can be the easier to find: cutting the
// defender's moves into them there cost Shogi Zukou's first mates nodes,
// and cutting either side's cost Microcosmos nodes
// (docs/notes/ablation.md#inferior-loops). So that search cuts them only with
// InferiorLoopsFirstMate, and then only the attacker's moves.

// A result that rests on such loops is not path-dependent at the position
// they return to, Y. For an exact repetition the rules settle it: a
// return to Y, or to a position between Y and the return, is a failure of
// the attacker on every path that reaches Y, since all of those positions
// are on it. A result at Y that rests on no other return (none above Y)
// therefore never looked at the path above Y, and is Y's result wherever
// Y is reached: a fact, as much as a result that rests on no return at
// all. This holds under tsume rules with a length bound too: the relative
// futility test (futile_relative.go) is made inside Y's search like any
// other, and its answer carries where the returns it rests on go
// (returns, below): at a node with none above it the answer is a fact,
// kept in the exact cache, and elsewhere the node's result passes the
// returns on. Before the answer carried them, every result above such a
// test stayed path-dependent up to the root, and #83's length proof under
// tsume rules kept nearly all its results for one path only
// (docs/notes/zukou.md).
// For an inferior position (strict rules only, above) the cut is the
// search's, not the rules', and the shortest-proof argument carries it:
// if Y mated within d plies, a shortest proof of Y would never come back
// to Y nor to a position where the attacker holds less on Y's board, so
// Y's result searched with those returns cut is Y's result on any path.
// Either way the result goes to the table (decide.go), for the node's own
// hand; only the nodes between Y and the returns hold it on this path
// only. KomoringHeights keeps the same: the ply a repetition goes back
// to. Without it, every node above a return stayed path-dependent up to
// the root, and on a long problem whose king tours the board (Shogi
// Zukou #83) nearly all the disproofs of a length proof were kept for one
// path only, to be searched again on the next (docs/notes/zukou.md).

// loopTop is the loopTop (outcome) of a move back to the position at
// index at on the path: 1 + at, or 0 for a path too long to count.
func (s *searcher) loopTop(at int) uint16 {
	if at+1 >= int(^uint16(0)) {
		return 0
	}
	return uint16(at + 1)
}

// joinLoopTop combines the loopTops of two path-dependent results that a
// node's result rests on: the shallower return, or 0 if either has none.
func joinLoopTop(a, b uint16) uint16 {
	if a == 0 || b == 0 {
		return 0
	}
	return min(a, b)
}

// returns tells whether a futility test's answer rests on results that
// hold on this path only (local) and, if so, the loopTop they join to:
// where on the path the answer becomes a fact (0: nowhere).
type returns struct {
	local bool
	top   uint16
}

// add records that the answer rests on outcome o.
func (r *returns) add(o outcome) {
	switch {
	case o.cut:
		r.addTop(0)
	case o.pathDependent:
		r.addTop(o.loopTop)
	}
}

// addTop records that the answer rests on a path-dependent result with
// loopTop top.
func (r *returns) addTop(top uint16) {
	if !r.local {
		r.local, r.top = true, top
		return
	}
	r.top = joinLoopTop(r.top, top)
}

// join records that the answer rests on one with returns q.
func (r *returns) join(q returns) {
	if q.local {
		r.addTop(q.top)
	}
}

// factAt tells whether an answer with returns r is a fact at the position
// at index at on the path: it rests on no return, or only on returns to
// that position or below it (as a result does, decide.go).
func (r returns) factAt(at int) bool {
	return !r.local || (r.top != 0 && at < int(r.top))
}

// pathAdd puts the current position on the path.
func (s *searcher) pathAdd() {
	if s.boardsOnPath {
		s.path.addPosition(s.pos.Key(), s.pos.BoardKey(), s.pos.Hand(s.attacker))
	} else {
		s.path.add(s.pos.Key())
	}
}

// pathRemove takes the current position off the path.
func (s *searcher) pathRemove() {
	if s.boardsOnPath {
		s.path.removePosition(s.pos.Key(), s.pos.BoardKey(), s.pos.Hand(s.attacker))
	} else {
		s.path.remove(s.pos.Key())
	}
}

// loops reports whether the position with board key board (without the
// table's signature), full key full and attacker's hand h returns to the
// path: a repetition, or, where the search allows it, an inferior
// position. at is the index on the path of the position it returns to.
func (s *searcher) loops(board, full uint64, h position.Hand) (at int, ok bool) {
	if s.cutsInferior() {
		return s.path.dominated(board, h)
	}
	return s.path.plyOf(full)
}

// cutsInferior tells whether the current node's moves into inferior
// positions are cut.
func (s *searcher) cutsInferior() bool {
	switch {
	case !s.boardsOnPath || s.relativeFutility:
		return false
	case s.unbounded:
		return s.inferiorFirst && s.pos.SideToMove() == s.attacker
	}
	return s.inferiorLoops
}
