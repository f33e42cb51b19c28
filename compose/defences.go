package compose

import (
	"gomate/dfpn"
	"gomate/position"
)

// EqualDefence is another defence, at a defender's node of the main line,
// after which the mate takes as long as on the main line (変化同手数).
type EqualDefence struct {
	Ply  int // 1-based ply of the main line's defence it replaces
	Move position.Move
}

// equalDefences lists, at each defender's node of line (from pos with the
// attacker to move), the other defences that count under the rules and
// after which the mate takes as long as after the line's one.
func (ck checker) equalDefences(pos *position.Position, line []position.Move, opt dfpn.Options) (eq []EqualDefence, open []Unchecked) {
	p := pos.Clone()
	var buf [position.MaxMoves]position.Move
	for i, m := range line {
		if i%2 == 1 {
			r := len(line) - i
			defences := append([]position.Move(nil), opt.Rules.Defences(p, buf[:0])...)
			for _, d := range defences {
				if d == m {
					continue
				}
				p.DoMove(d)
				same, why := ck.asLong(p, r, opt)
				p.UndoMove()
				if why != "" {
					open = append(open, Unchecked{Ply: i + 1, What: whatDefences, Reason: why})
					return eq, open
				}
				if same {
					eq = append(eq, EqualDefence{Ply: i + 1, Move: d})
				}
			}
		}
		p.DoMove(m)
	}
	return eq, open
}

// asLong tells whether the mate from pos (the attacker to move), reached
// by another defence at a node whose line takes r plies, takes as long as
// the line's: no mate within r-3 plies, and one within r-1 (none would be
// a longer defence, or under tsume rules a drop that does not count).
func (ck checker) asLong(pos *position.Position, r int, opt dfpn.Options) (bool, string) {
	st, why := ck.within(pos, r-3, opt)
	if why != "" || st != dfpn.NoMate {
		return false, why
	}
	st, why = ck.within(pos, r-1, opt)
	return st == dfpn.Mate, why
}
