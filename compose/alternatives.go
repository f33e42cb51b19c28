package compose

import (
	"cmp"
	"fmt"

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
	// Within, for a judgement's alternative (checker.first), is the
	// bound the bounded search proved another check mates within; Line
	// is then a witness not proven shortest, or nil when none was named.
	Within int
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
			if ck.first && (len(alts) > 0 || len(open) > 0) {
				return alts, open
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
		if ck.first {
			return []Alternative{ck.witness(pos, main, r, opt)}, ""
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

// witness names, for a judgement (checker.first), the alternative mate
// that a bounded search has proven exists within r plies: a first mate
// (no shortest-length proof, which would cost more than the rest of a
// failed judgement) is the witness when its line is within r; otherwise,
// or when a limit stops it, the alternative is reported without a move
// (Within). The judgement fails either way: the proof is the bounded
// search's.
func (ck checker) witness(pos *position.Position, main position.Move, r int, opt dfpn.Options) Alternative {
	opt.FirstMate = true
	if res, why := ck.solve(pos, opt); why == "" && res.Status == dfpn.Mate && len(res.PV) <= r {
		m := res.PV[0]
		return Alternative{Move: m, Line: res.PV, PromotionOnly: promotionOnly(m, main), Within: r}
	}
	return Alternative{Within: r}
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

// reason is the alternative as a reason of a verdict: "alternative mate
// at ply 1: 7c8a+ (mate in 7)", "(promotion only)" after "mate" when it
// is.
func (a Alternative) reason() string {
	kind := "alternative mate"
	if a.PromotionOnly {
		kind = "alternative mate (promotion only)"
	}
	return fmt.Sprintf("%s at ply %d: %s", kind, a.Ply, a.describe())
}

// describe names the alternative and its length: "7c8a+ (mate in 7)", or
// for a judgement's, the bound proven and the witness found, if any.
func (a Alternative) describe() string {
	switch {
	case a.Line == nil:
		return fmt.Sprintf("another check mates within %d plies", a.Within)
	case a.Within > 0:
		return fmt.Sprintf("%s (mates within %d plies)", a.Move, a.Within)
	}
	return fmt.Sprintf("%s (mate in %d)", a.Move, len(a.Line))
}
