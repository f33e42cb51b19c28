package compose

import (
	"cmp"

	"gomate/dfpn"
	"gomate/position"
)

// Alternative is another mating move at an attacker's node of a line.
type Alternative struct {
	// Ply is the 1-based ply of the line whose move it replaces.
	Ply int
	// Move is the alternative move; Line the mate it starts, from the node
	// at Ply (Move first), verified under the rules.
	Move position.Move
	Line []position.Move
	// Shortest reports that Line's length is proven shortest for the
	// alternatives left at that point.
	Shortest bool
	// PromotionOnly: Move differs from the line's move only in promotion
	// (成・不成 非限定).
	PromotionOnly bool
}

// maxAlternativesPerPly bounds how many alternative mates are listed at one
// node; a broken problem can have dozens.
const maxAlternativesPerPly = 8

// AlternativeMates looks for alternative mates along line, a mate of
// exactly the shortest length from pos (the attacker to move, or the
// defender with opt.RootIsDefender): at each attacker's move but the last,
// with r plies left, the other checks that mate within r plies, each with
// its line. lim bounds the whole walk as in Check. Points a limit left
// open are returned as unchecked. The position is restored.
func AlternativeMates(s *dfpn.Solver, pos *position.Position, line []position.Move, opt dfpn.Options, lim dfpn.Limits) ([]Alternative, []Unchecked) {
	return checker{s: s, b: dfpn.NewBudget(lim)}.alternatives(pos, line, opt)
}

// alternatives implements AlternativeMates.
func (ck checker) alternatives(pos *position.Position, line []position.Move, opt dfpn.Options) (alts []Alternative, open []Unchecked) {
	attacker := pos.SideToMove()
	if opt.RootIsDefender {
		attacker = attacker.Opp()
	}
	sub := opt
	sub.RootIsDefender, sub.FirstMate = false, false
	played := 0
	defer func() {
		for ; played > 0; played-- {
			pos.UndoMove()
		}
	}()
	for i, m := range line {
		if i < len(line)-1 && pos.SideToMove() == attacker {
			found, reason := ck.alternativesAt(pos, m, len(line)-i, sub)
			for k := range found {
				found[k].Ply = i + 1
			}
			alts = append(alts, found...)
			if reason != "" {
				open = append(open, Unchecked{Ply: i + 1, What: whatAlternatives, Reason: reason})
			}
		}
		pos.DoMove(m)
		played++
	}
	return alts, open
}

// alternativesAt lists the checks other than main that mate within r
// plies from pos (the attacker to move). reason is not empty when a limit
// cut the search short.
func (ck checker) alternativesAt(pos *position.Position, main position.Move, r int, opt dfpn.Options) (alts []Alternative, reason string) {
	opt.ExcludeRootMoves = []position.Move{main}
	for len(alts) < maxAlternativesPerPly {
		switch st, why := ck.within(pos, r, opt); {
		case why != "":
			return alts, why
		case st == dfpn.NoMate:
			return alts, ""
		}
		res, why := ck.solve(pos, opt)
		if why != "" {
			return alts, why
		}
		if res.Status != dfpn.Mate {
			// MateWithin proved a mate, so only a limit ends here.
			return alts, cmp.Or(res.Reason, "limit")
		}
		m := res.PV[0]
		alts = append(alts, Alternative{Move: m, Line: res.PV, Shortest: res.Shortest, PromotionOnly: promotionOnly(m, main)})
		opt.ExcludeRootMoves = append(opt.ExcludeRootMoves, m)
	}
	return alts, ""
}

// promotionOnly reports whether a and b are the same move but for the
// promotion.
func promotionOnly(a, b position.Move) bool {
	return !a.IsDrop() && !b.IsDrop() && a.From() == b.From() && a.To() == b.To() && a.IsPromotion() != b.IsPromotion()
}

// lastMoveAlternatives lists the checks other than the line's last move
// that also mate at once.
func lastMoveAlternatives(pos *position.Position, line []position.Move, rules dfpn.Rules) []position.Move {
	if len(line) == 0 {
		return nil
	}
	p := pos.Clone()
	for _, m := range line[:len(line)-1] {
		p.DoMove(m)
	}
	last := line[len(line)-1]
	var buf [position.MaxMoves]position.Move
	var out []position.Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		if m == last {
			continue
		}
		p.DoMove(m)
		if rules.Mated(p) {
			out = append(out, m)
		}
		p.UndoMove()
	}
	return out
}
