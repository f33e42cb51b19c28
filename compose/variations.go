package compose

import (
	"cmp"
	"fmt"
	"slices"

	"gomate/dfpn"
	"gomate/position"
)

// Point 6 of soundness: the variations (変化), the lines after a defence
// other than the main line's.
//
// The equally long defences (変化同手数) come from the main line's walk
// (defences.go) and are reported, not a flaw. A side line's own answer is
// the proven line of the position after its defence (a solve under tsume
// rules with the conventions on spare pieces, as the main line's); when
// the attacker has another mate as short at one of its moves but the last
// (the alternative-mate walk of alternatives.go on the side line), that is
// 変化別詰. Which side lines are searched, and whether a 変化別詰 rejects, is
// the SideAltPolicy: by default only the side lines not shorter than the
// main line from their node, where it rejects: a solver given two lines as
// long cannot tell which is the answer. A side line after a shorter
// defence is a refutation the solver does not play; many composers allow
// its 変化別詰, and so does the default.

// SideAlternative is another mate in a side line (変化別詰).
type SideAlternative struct {
	// Ply is the 1-based ply of the main line's defence that Defence
	// replaces; Rest the plies the main line takes after its own defence.
	Ply     int
	Defence position.Move
	Rest    int
	// Line is the side line's proven answer from the position after
	// Defence (the attacker's move first).
	Line []position.Move
	// Alternative is the other mate; its Ply counts in Line (1-based).
	Alternative Alternative
	// Rejects tells that the policy rejects the problem for it.
	Rejects bool
}

// String describes the finding in a line.
func (a SideAlternative) String() string {
	return fmt.Sprintf("after %s at ply %d (side line of %d plies, the main line's rest %d: %s): at its ply %d, %s as well",
		a.Defence, a.Ply, len(a.Line), a.Rest, position.LineString(a.Line), a.Alternative.Ply, a.Alternative.describe())
}

// variations searches the side lines of line from pos for 変化別詰 under
// the policy, into out; it tells whether the judgement may go on.
func (j *judge) variations(pos *position.Position, line []position.Move, out *Soundness) bool {
	policy := j.so.SideAlternatives
	if policy == SideAltIgnore {
		return true
	}
	c := &out.Composition
	p := pos.Clone()
	var buf [position.MaxMoves]position.Move
	for i, m := range line {
		if i%2 == 1 {
			r := len(line) - i
			var sides []position.Move
			if policy == SideAltRejectNotShorter {
				var why string
				if sides, why = j.sideDefences(p, m, i+1, r, c); why != "" {
					out.open(6, fmt.Sprintf("which defences at ply %d last as long (%s)", i+1, why))
					return false
				}
			} else {
				for _, d := range opt0Defences(p, buf[:0]) {
					if d != m {
						sides = append(sides, d)
					}
				}
			}
			for _, d := range sides {
				found, why := j.sideLine(p, d, i+1, r-1)
				out.SideLines++
				if why != "" {
					out.open(6, fmt.Sprintf("the side line after %s at ply %d (%s)", d, i+1, why))
					return false
				}
				for _, f := range found {
					f.Rejects = policy == SideAltRejectNotShorter || policy == SideAltRejectAll
					out.SideAlternatives = append(out.SideAlternatives, f)
					if f.Rejects {
						out.fail(6, "変化別詰 "+f.String())
					}
				}
			}
			if out.Verdict == Unsound {
				return false
			}
		}
		p.DoMove(m)
	}
	return true
}

// opt0Defences are the defences that count under tsume rules.
func opt0Defences(p *position.Position, buf []position.Move) []position.Move {
	return append([]position.Move(nil), dfpn.Tsume.Defences(p, buf)...)
}

// sideDefences returns the defences at the defender's node p (the main
// line's defence m at 1-based ply, r plies left with it) whose side lines
// are not shorter than the main line's rest: the equally long ones found
// by the main line's walk and, when the main line leaves the longest
// defence for the conventions on spare pieces (LineNotes), every defence
// after which the attacker has no mate within r-3 plies, longer ones
// included.
func (j *judge) sideDefences(p *position.Position, m position.Move, ply, r int, c *Composition) ([]position.Move, string) {
	var out []position.Move
	for _, e := range c.EqualDefences {
		if e.Ply == ply {
			out = append(out, e.Move)
		}
	}
	if len(c.LineNotes) == 0 {
		return out, ""
	}
	var buf [position.MaxMoves]position.Move
	for _, d := range opt0Defences(p, buf[:0]) {
		if d == m || slices.Contains(out, d) {
			continue
		}
		p.DoMove(d)
		st, why := j.ck.within(p, r-3, walkOptions())
		p.UndoMove()
		if why != "" {
			return nil, why
		}
		if st == dfpn.NoMate {
			out = append(out, d)
		}
	}
	return out, ""
}

// sideLine solves the position after the defence d at p (1-based ply of
// the main line, rest the main line's plies after its own defence) and
// walks the side line's answer for alternative mates.
func (j *judge) sideLine(p *position.Position, d position.Move, ply, rest int) ([]SideAlternative, string) {
	p.DoMove(d)
	defer p.UndoMove()
	res, why := j.ck.solve(p, solveOptions())
	switch {
	case why != "":
		return nil, why
	case res.Status != dfpn.Mate:
		// Every defence is mated (the main line is a proven mate): only a
		// limit ends here.
		return nil, "no answer: " + cmp.Or(res.Reason, "no mate after a defence of a proven mate")
	case !res.Shortest:
		return nil, "not proven shortest: " + res.Reason
	}
	ck := j.ck
	ck.first = j.so.SideAlternatives != SideAltReport // a report lists them all
	alts, open := ck.alternatives(p, res.PV, walkOptions())
	if len(open) > 0 {
		return nil, open[0].Reason
	}
	var found []SideAlternative
	for _, a := range alts {
		found = append(found, SideAlternative{Ply: ply, Defence: d, Rest: rest, Line: res.PV, Alternative: a})
	}
	return found, ""
}
