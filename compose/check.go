package compose

import (
	"cmp"
	"fmt"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// Verdict is the overall judgement of a composition check.
type Verdict int

const (
	// Undecided: a limit or a stop left part of the check open and nothing
	// found so far makes the problem unsound.
	Undecided Verdict = iota
	// Sound: a mate, no alternative mate along the main line, no spare
	// pieces at the end.
	Sound
	// Unsound: no mate, an alternative mate, or spare pieces.
	Unsound
)

func (v Verdict) String() string {
	switch v {
	case Sound:
		return "sound"
	case Unsound:
		return "unsound"
	}
	return "unknown"
}

// Unchecked is a point of the check that a limit or a stop left open.
type Unchecked struct {
	Ply    int    // 1-based ply of the main line
	What   string // "alternative mates", "equally long defences" or "a line without spare pieces"
	Reason string // "time", "nodes", "stopped" or "limit"
}

// The points of a check that a limit may leave open (Unchecked.What).
const (
	whatAlternatives = "alternative mates"
	whatDefences     = "equally long defences"
	whatSpareFree    = "a line without spare pieces"
)

// Composition is the report of Check.
type Composition struct {
	Verdict Verdict
	// Reasons say why the verdict is Unsound or Undecided, one phrase each.
	Reasons []string
	// Main is the solve of the problem.
	Main dfpn.Result
	// Line is the main line (Main.PV, or the line the conventions on spare
	// pieces choose instead); its length is the problem's length.
	Line []position.Move
	// LineNotes say where and why Line leaves Main.PV.
	LineNotes []string
	// Alternatives are the alternative mates (余詰) at the attacker's moves
	// of the main line but the last.
	Alternatives []Alternative
	// LastMoveAlternatives are the other checks that mate at the last
	// move: not a flaw, listed for information.
	LastMoveAlternatives []position.Move
	// Spare is the attacker's hand at the end of the main line (駒余り when
	// not empty).
	Spare position.Hand
	// EqualDefences are the equally long defences (変化同手数).
	EqualDefences []EqualDefence
	// Unchecked lists the points a limit or a stop left open.
	Unchecked []Unchecked
	// Elapsed is the time the whole check took.
	Elapsed time.Duration
}

// Check checks the problem pos (the attacker to move) as a composition
// under opt.Rules: it solves it, then looks along the main line for
// alternative mates, spare pieces and equally long defences (see the
// package comment). lim bounds the whole check: each search gets what
// remains of lim.Time; lim.Nodes bounds each search; lim.Progress is given
// to the first solve only. The position is restored before Check returns.
// opt.RootIsDefender, FirstMate and ExcludeRootMoves are ignored.
func Check(s *dfpn.Solver, pos *position.Position, opt dfpn.Options, lim dfpn.Limits) Composition {
	ck := checker{s: s, b: dfpn.NewBudget(lim)}
	opt.RootIsDefender, opt.FirstMate, opt.ExcludeRootMoves = false, false, nil
	opt.Set(dfpn.TwoPlySpareRule, true)
	c := ck.check(pos, opt, lim)
	c.Elapsed = ck.b.Elapsed()
	return c
}

// check solves pos, then walks the main line for its findings.
func (ck checker) check(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) (c Composition) {
	c.Main = ck.s.Solve(pos, opt, lim)
	switch {
	case c.Main.Status == dfpn.NoMate:
		c.Verdict, c.Reasons = Unsound, []string{"no mate"}
		return c
	case c.Main.Status == dfpn.Unknown:
		c.Reasons = []string{"no answer: " + cmp.Or(c.Main.Reason, "limit")}
		return c
	case !c.Main.Shortest:
		c.Reasons = []string{"the mate is not proven shortest: " + cmp.Or(c.Main.Reason, "limit")}
		return c
	}
	// Solve has applied the conventions on spare pieces; the searches
	// below leave their lines as they are.
	attacker := pos.SideToMove()
	c.Line, c.LineNotes = c.Main.PV, c.Main.LineNotes
	spareOpen := c.Main.SpareOpen != ""
	if spareOpen {
		c.Unchecked = append(c.Unchecked, Unchecked{Ply: 1, What: whatSpareFree, Reason: c.Main.SpareOpen})
	}
	opt.Set(dfpn.TwoPlySpareRule, false)
	opt.Set(dfpn.RealMateEnd, false)
	line := c.Line

	alts, open := ck.alternatives(pos, line, opt)
	c.Alternatives = alts
	c.Unchecked = append(c.Unchecked, open...)
	c.LastMoveAlternatives = lastMoveAlternatives(pos, line, opt.Rules)
	c.Spare = dfpn.HandAfter(pos, line, attacker)
	c.EqualDefences, open = ck.equalDefences(pos, line, opt)
	c.Unchecked = append(c.Unchecked, open...)
	c.judge(spareOpen)
	return c
}

// judge gives the verdict of a check whose main line has been walked, and
// its reasons. spareOpen tells that a limit cut short the search for a
// line without spare pieces.
func (c *Composition) judge(spareOpen bool) {
	for _, a := range c.Alternatives {
		c.Reasons = append(c.Reasons, a.reason())
	}
	if !c.Spare.IsEmpty() && !spareOpen {
		c.Reasons = append(c.Reasons, "spare pieces at the end: "+c.Spare.String())
	}
	switch {
	case len(c.Reasons) > 0:
		c.Verdict = Unsound
	case spareOpen || hasUncheckedAlternatives(c.Unchecked):
		for _, u := range c.Unchecked {
			if u.What == whatAlternatives {
				c.Reasons = append(c.Reasons, fmt.Sprintf("alternative mates at ply %d not checked (%s)", u.Ply, u.Reason))
			}
		}
		if spareOpen {
			c.Reasons = append(c.Reasons, "spare pieces at the end ("+c.Spare.String()+"), and the search for a line without them was cut short")
		}
	default:
		c.Verdict = Sound
	}
}

func hasUncheckedAlternatives(us []Unchecked) bool {
	for _, u := range us {
		if u.What == whatAlternatives {
			return true
		}
	}
	return false
}

// checker runs the bounded searches of one check: on one solver, each
// within what remains of one budget.
type checker struct {
	s *dfpn.Solver
	b *dfpn.Budget
	// first stops the alternative-mate walk at the first alternative
	// found: a judgement ends at its first failure (sound.go), and the
	// rest of the walk would only list more of them.
	first bool
}

// within tells whether the attacker mates within plies from pos, with why
// when a limit or a stop left it undecided.
func (ck checker) within(pos *position.Position, plies int, opt dfpn.Options) (dfpn.Status, string) {
	return ck.s.MateWithinBudget(pos, plies, opt, ck.b)
}

// solve solves pos within what remains of the budget, or says why none is
// left to start it.
func (ck checker) solve(pos *position.Position, opt dfpn.Options) (dfpn.Result, string) {
	lim, why := ck.b.Next()
	if why != "" {
		return dfpn.Result{}, why
	}
	return ck.s.Solve(pos, opt, lim), ""
}
