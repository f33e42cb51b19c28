package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// Lengthening a line built for a bound that is not exact. Until the
// shortest length is proven, the line is rebuilt for the bound proven so
// far, with the defender's replies chosen by the longest mate the table
// records (longestKnown). Those records are upper bounds: a reply recorded
// as mated within 15 plies may be mated in 9 once the attacker finds the
// shorter way, and the line for a proven bound of 33 can then be 29 plies
// long while the best defence lasts 31 (Shogi Zukou #98 stopped early; 乱
// printed a line far shorter than its proven bound:
// docs/notes/ablation.md#kept-lines-for-a-bound-that-is-not-exact-lengthened-from-the-table).
//
// lengthenLine mends such a line from the top down with what the table
// knows, without searching. At each defender's node of the line, with R
// plies of the line left, another reply may last longer when the table
// does not know its child to mate within R-1 plies. Only replies the
// bound's proof covers are taken (their child mates within the bound, so
// none is a futile interposition). Below such a reply the rest of the line
// is rebuilt from the table alone (walk); the new line is kept when it is
// longer, and the walk goes on down it. Every line kept mates within the
// bound, so the answer stays valid whatever the table holds.
//
// Searching for the longer defences (a disproof of "mate within R-1" for
// each reply, within a budget of nodes) was measured and not kept: on 乱 it
// found a longer line, but the nodes it took delayed the next bounds
// (same section). Without a search the nodes of the search are
// untouched; only a longer line can change what follows, since the
// shortcuts along the line (shortcut.go) look only at a line as long as
// its bound.

// lengthenLine returns line, a mate within length plies from the current
// position (the root), with the longer defences the table shows, as
// described above.
func (s *searcher) lengthenLine(line []position.Move, length uint16) []position.Move {
	if len(line) >= int(length) || s.noLengthen {
		return line
	}
	// A tail that cannot be built is no failure of the answer: the
	// reason a failed walk records is not kept.
	reason := s.reason
	s.tableOnly = true
	defer func() { s.tableOnly, s.reason = false, reason }()
	pos := s.pos
	s.path.reset()
	defer s.path.reset()
	played := 0
	defer func() {
		for ; played > 0; played-- {
			pos.UndoMove()
			s.pathRemove()
		}
	}()
	for ply := 0; ply < len(line) && len(line) < int(length); ply++ {
		if pos.SideToMove() != s.attacker {
			if better, ok := s.outlastingLine(line, ply, length); ok {
				line = better
			}
		}
		s.pathAdd()
		pos.DoMove(line[ply])
		played++
	}
	return line
}

// outlastingLine looks at the defender's node ply plies down line (the
// current position, with its ancestors on the path) for a reply that the
// table does not show to be mated as soon as the line's own, and returns
// the line through it when that is longer.
func (s *searcher) outlastingLine(line []position.Move, ply int, length uint16) ([]position.Move, bool) {
	rest := len(line) - ply // the line's plies from here
	r := int(length) - ply  // the bound's plies from here
	if rest < 2 || r <= rest {
		return nil, false
	}
	var buf [position.MaxMoves]position.Move
	moves := append([]position.Move(nil), s.rules.Defences(s.pos, buf[:0])...)
	s.pathAdd()
	defer s.pathRemove()
	for _, m := range moves {
		if m == line[ply] {
			continue
		}
		// The bound's proof covers the reply: it is no futile drop.
		if !s.childOutcome(m, uint16(r-1), ply).proven() {
			continue
		}
		if p, _ := s.childProbe(m, uint16(rest-1), ply); p.State == tt.Proven {
			continue // mated at least as soon as the line
		}
		s.pos.DoMove(m)
		tail, _, ok := s.walk(uint16(r-1), false, ply+1, false)
		s.pos.UndoMove()
		if ok && ply+1+len(tail) > len(line) {
			return append(append(line[:ply:ply], m), tail...), true
		}
	}
	return nil, false
}
