package dfpn

import "gomate/position"

// df-pn+ initial numbers. A check the table knows nothing of starts with
// estimates of its child's proof and disproof numbers instead of 1 and 1,
// so that the search tries first the checks that look strong. Two
// estimators are switchable:
//
//   - InitialEstimates (on): from the target square alone, as GPS shogi's
//     liberty estimator and KomoringHeights estimate it: the check is
//     harder to refute (dn + 1) when the attacker has more pieces on the
//     square (the moving or dropped piece included) than the defender, or
//     when it captures a gold or a silver; otherwise it is harder to prove
//     (pn + 1); and pn + 1 again when two or more of the defender's pieces
//     guard the square. No move is played.
//   - ReplyEstimates (off): the child's number of legal replies as its
//     proof number (one ply of lookahead per new check).
//
// The reply count was the default until measured against the other on the
// whole of Shogi Zukou and the long problems: to the first mate, Zukou took
// fewer nodes and less time, its hardest problems most of all, and #8 was
// solved where it was not before; Kotobuki's proof was faster too, while
// Microcosmos' first mate took more nodes
// (docs/notes/ablation.md#earlier-switches-initialestimates-replyestimates-repetitioncache-lineshortcuts).
//
// A defender's reply the table knows nothing of starts, in the searches
// with a length bound, with a disproof number that grows with the
// attacker's checks after it (CheckCountEstimates, on): the search for a
// refutation then tries first the replies that leave the attacker least to
// try. Those searches, which prove a mate's length, spend nearly all their
// nodes showing that side lines have no mate that short; there the
// ordering finds the refutations sooner
// (docs/notes/ablation.md#checkcountestimates-a-defenders-new-reply-estimated-by-the-attackers-checks-after-it).
// In the search for the first mate it saved fewer nodes than the counting
// cost. The same estimate grows with the plies left below the reply as
// well (DepthReplyEstimates, on): see estimateReply. In the same searches
// a new check's proof number grows as the bound nears (DepthCheckEstimates,
// on): see nearBoundPn.

// estimateCheck sets the estimates of c, a check the table knows nothing of,
// whose child may use depth more plies.
func (s *searcher) estimateCheck(c *child, depth uint16) {
	if s.estimates {
		pn, dn := supportEstimate(s.pos, c.move, c.captured)
		c.pn, c.dn = max(c.pn, pn), max(c.dn, dn)
	}
	if s.replyEstimates {
		c.pn = max(c.pn, s.replyCount(c.move))
	}
	if s.depthChecks && !s.unbounded {
		c.pn = nearBoundPn(c.pn, depth)
	}
}

// nearBoundReach is how many plies above a length bound a new check's
// estimated proof number still grows (DepthCheckEstimates).
const nearBoundReach = 40

// nearBoundPn is the estimated proof number pn of a new check whose child
// may use depth more plies, in a search with a length bound
// (DepthCheckEstimates): the nearer the bound, the less room the attacker
// has for a mate within it, so pn grows from itself at nearBoundReach
// plies or more above the bound to twice itself at the bound,
// pn × 2r / (r + d) with r = nearBoundReach. This is
// DepthReplyEstimates' counterpart: a defender's new reply is the harder
// to refute the more plies are left below it, a check the harder to prove
// the fewer. All checks of one node have the same depth, so this does not
// reorder them; it weighs a new check against those already searched and
// the node's numbers against its siblings'
// (docs/notes/ablation.md#depthcheckestimates-a-new-check-estimated-by-how-near-the-bound-it-is).
//
// pn may already hold a bound from another hand's estimates
// (tt.Table.ProbeFrom), up to inf-1 when those saturated: such a number is
// left as it is rather than multiplied past the range. A smaller bound is
// scaled with the estimate; scaling the estimate alone and then taking the
// max with the bound was measured no better
// (docs/notes/ablation.md#tried-and-not-kept).
func nearBoundPn(pn uint64, depth uint16) uint64 {
	if pn >= inf/(2*nearBoundReach) {
		return pn
	}
	d := uint64(min(depth, nearBoundReach))
	return pn * 2 * nearBoundReach / (nearBoundReach + d)
}

// supportEstimate is the (pn, dn) estimate of the child of the check m in
// pos from the pieces that attack its target square (captured is what m
// takes).
func supportEstimate(pos *position.Position, m position.Move, captured position.Piece) (pn, dn uint64) {
	us := pos.SideToMove()
	to := m.To()
	occ := pos.Occupied()
	attackers := pos.AttackersTo(to, us, occ).Count()
	if m.IsDrop() {
		attackers++
	}
	defenders := pos.AttackersTo(to, us.Opp(), occ).Count()
	pn, dn = 1, 1
	if defenders >= 2 {
		pn++
	}
	switch t := captured.Type().Unpromote(); {
	case attackers > defenders:
		dn++
	case captured != position.NoPiece && (t == position.Gold || t == position.Silver):
		dn++
	default:
		pn++
	}
	return pn, dn
}

// checkWeight is what each of the attacker's checks after a defender's
// reply adds to the reply's initial disproof number (estimateReply).
const checkWeight = 8

// depthScale sets how a defender's new reply's initial disproof number
// grows with the plies left below it (DepthReplyEstimates): it is
// multiplied by (depthScale + d) / depthScale, d the plies left.
const depthScale = 4

// estimateReply sets the estimates of c, a defender's reply the table
// knows nothing of, whose child may use depth more plies, in a search
// with a length bound. Its dn is the cost of showing that the attacker
// has no mate within depth after it:
//
//   - CheckCountEstimates: 1 + checkWeight for each check the attacker has
//     after it (Position.CountChecks, which lists no move), so that of the
//     replies the defender tries first the one that leaves the fewest
//     checks, the easiest to show has no mate;
//   - DepthReplyEstimates: times (depthScale + depth) / depthScale, since
//     the farther the bound, the more of the attacker's tries must be
//     refuted below the reply. The replies of one node have the same
//     depth, so this does not reorder them; it weighs a new reply against
//     those already searched (whose numbers come from their subtrees,
//     where the estimates at the leaves have grown with their own depth)
//     and the node's numbers against its siblings'. Without it a new
//     reply far above the bound looked as cheap as one next to it, and
//     the search for a refutation left a reply it had begun for new ones
//     too soon
//     (docs/notes/ablation.md#depthreplyestimates-a-defenders-new-reply-estimated-by-the-plies-left-below-it).
func (s *searcher) estimateReply(c *child, depth uint16) {
	dn := uint64(1)
	if s.checkCounts {
		s.pos.DoMove(c.move)
		n := s.pos.CountChecks()
		s.pos.UndoMove()
		dn += checkWeight * uint64(n)
	}
	if s.depthReplies {
		dn = dn * (depthScale + uint64(depth)) / depthScale
	}
	c.dn = max(c.dn, dn)
}

// replyCount estimates the proof number of the defender's node reached by
// the check m before it is searched: the number of legal replies, so that
// a check allowing many interpositions looks as costly as it is.
func (s *searcher) replyCount(m position.Move) uint64 {
	s.pos.DoMove(m)
	n := len(s.pos.GenerateLegal(s.moves[:0]))
	s.pos.UndoMove()
	return uint64(max(n, 1))
}
