package compose

import (
	"fmt"
	"slices"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// Comparing an intended line with the best moves.
//
// A composer's (or a book's) line is the answer when every move of it is
// best under the rules: each attacker's move mates as fast as any other
// check, each defence lasts as long as any other. CompareLine tests that
// move by move, independently of the solver's own line: at an attacker's
// node with r plies left it asks for a mate within r-2 (a faster mate
// proves the move is not the shortest); at a defender's node it asks
// whether every defence is mated within r (a "no" proves a longer defence
// exists, whose line it then solves). The findings explain why a solver's
// length differs from a recorded one: a longer defence that ends with spare
// pieces (変長駒余り), a longer defence that does not (変長, a flaw of the
// work or of the record), a faster mate (the record's attack is not the
// shortest), or a defence the rules do not count (a futile interposition).

// LineFinding is one point where an intended line is not best.
type LineFinding struct {
	// Ply is the 1-based ply of the intended move found wanting.
	Ply int
	// Kind says how: one of the Finding* constants.
	Kind string
	// Intended is the line's move; Left the plies the line takes from that
	// node (the move included).
	Intended position.Move
	Left     int
	// Line, when known, is the better line from that node (its first move
	// replaces Intended), verified under the rules and proven as long as
	// it is; Spare the attacker's hand at its end.
	Line  []position.Move
	Spare position.Hand
}

// The kinds of LineFinding.
const (
	FindingFasterMate  = "faster mate"          // another check mates in fewer plies
	FindingLongerSpare = "longer, spare pieces" // a longer defence whose mate leaves spare pieces (変長駒余り)
	FindingLonger      = "longer defence"       // a longer defence whose mate leaves none (変長)
	FindingNotCounted  = "not counted"          // the line's defence is not a defence under the rules (a futile interposition)
)

// LineComparison is the report of CompareLine.
type LineComparison struct {
	// Invalid, when not empty, says why the intended line is not a mate
	// under the rules (an illegal move, a move that does not check, no
	// mate at the end); nothing else is then checked.
	Invalid string
	// Findings lists the nodes where the line is not best, root first.
	Findings []LineFinding
	// Open, when not empty, names the plies a limit left unchecked (the
	// check runs from the last move up) and the limit.
	Open string
	// Spare is the attacker's hand at the end of the intended line.
	Spare   position.Hand
	Elapsed time.Duration
}

// CompareLine checks the intended line from pos (the attacker to move) move
// by move under opt.Rules, as described above. A node whose better line
// starts with the intended move is not listed: the reason lies deeper.
// lim bounds the whole check: each bounded search gets what remains of
// lim.Time, and lim.Nodes each. The position is restored.
func CompareLine(s *dfpn.Solver, pos *position.Position, intended []position.Move, opt dfpn.Options, lim dfpn.Limits) (c LineComparison) {
	ck := checker{s: s, b: dfpn.NewBudget(lim)}
	defer func() { c.Elapsed = ck.b.Elapsed() }()
	return ck.compareLine(pos, intended, opt)
}

// compareLine implements CompareLine within ck's budget (the soundness
// judge runs it on its own).
func (ck checker) compareLine(pos *position.Position, intended []position.Move, opt dfpn.Options) (c LineComparison) {
	opt.RootIsDefender, opt.FirstMate, opt.ExcludeRootMoves = false, false, nil
	attacker := pos.SideToMove()
	if err := opt.Rules.VerifyLine(pos, attacker, intended); err != nil {
		c.Invalid = err.Error()
		return c
	}
	c.Spare = dfpn.HandAfter(pos, intended, attacker)
	// From the last move up: the deepest findings are the causes, and the
	// searches there are the cheapest, so a limit leaves the top open.
	node := pos.Clone()
	for _, m := range intended {
		node.DoMove(m)
	}
	var buf [position.MaxMoves]position.Move
	n := len(intended)
	for i := n - 1; i >= 0; i-- {
		node.UndoMove()
		m, r := intended[i], n-i
		var f *LineFinding
		why := ""
		if node.SideToMove() == attacker {
			f, why = ck.fasterMate(node, r, opt)
		} else if !slices.Contains(opt.Rules.Defences(node, buf[:0]), m) {
			f = &LineFinding{Kind: FindingNotCounted}
		} else {
			f, why = ck.longerDefence(node, m, r, opt)
		}
		if why != "" {
			c.Open = fmt.Sprintf("plies 1 to %d (%s)", i+1, why)
			break
		}
		// A better line that starts with the intended move is better
		// further down, where that node's finding explains it.
		if f != nil && (f.Line == nil || f.Line[0] != m) {
			f.Ply, f.Intended, f.Left = i+1, m, r
			c.Findings = append(c.Findings, *f)
		}
	}
	slices.Reverse(c.Findings)
	return c
}

// fasterMate looks, at an attacker's node whose line takes r plies, for a
// mate within r-2.
func (ck checker) fasterMate(node *position.Position, r int, opt dfpn.Options) (*LineFinding, string) {
	if r <= 1 {
		return nil, "" // a mate in one is the fastest
	}
	return ck.better(node, r-2, opt, dfpn.NoMate, FindingFasterMate)
}

// longerDefence looks, at a defender's node whose line takes r plies with
// the intended defence m, for a defence that is not mated within r. When
// the better line found starts with another defence that m only ties with
// (lastsAsLong), there is no finding here: the cause lies further down.
func (ck checker) longerDefence(node *position.Position, m position.Move, r int, opt dfpn.Options) (*LineFinding, string) {
	defOpt := opt
	defOpt.RootIsDefender = true
	f, why := ck.better(node, r, defOpt, dfpn.Mate, FindingLonger)
	if f == nil || f.Line == nil || f.Line[0] == m {
		return f, why
	}
	if tie, why := ck.lastsAsLong(node, m, f, opt); tie || why != "" {
		return nil, why
	}
	if !f.Spare.IsEmpty() {
		f.Kind = FindingLongerSpare
	}
	return f, ""
}

// lastsAsLong tells whether the defence m at node ties with the longest
// defence of finding f: the attacker has no mate within len(f.Line)-3
// plies after it either, and, when f's line leaves no spare pieces, the
// line after m leaves none too (else the conventions prefer f's line).
func (ck checker) lastsAsLong(node *position.Position, m position.Move, f *LineFinding, opt dfpn.Options) (bool, string) {
	attacker := node.SideToMove().Opp()
	node.DoMove(m)
	defer node.UndoMove()
	st, why := ck.within(node, len(f.Line)-3, opt)
	if why != "" || st != dfpn.NoMate {
		return false, why
	}
	if !f.Spare.IsEmpty() {
		return true, ""
	}
	res, why := ck.solve(node, opt)
	if why != "" {
		return false, why
	}
	return res.Status == dfpn.Mate && res.Shortest && dfpn.HandAfter(node, res.PV, attacker).IsEmpty(), ""
}

// better runs the bounded search (a mate within plies) that tells whether
// the intended move at node is best: it is when the answer is fine;
// otherwise it returns a finding of kind with the better line. why, when
// not empty, is the limit that left the search undecided.
func (ck checker) better(node *position.Position, plies int, opt dfpn.Options, fine dfpn.Status, kind string) (*LineFinding, string) {
	st, why := ck.within(node, plies, opt)
	if why != "" || st == fine {
		return nil, why
	}
	f := &LineFinding{Kind: kind}
	ck.betterLine(node, opt, f)
	return f, ""
}

// betterLine solves node for the line of a finding.
func (ck checker) betterLine(node *position.Position, opt dfpn.Options, f *LineFinding) {
	res, why := ck.solve(node, opt)
	if why != "" {
		return
	}
	if res.Status != dfpn.Mate || !res.Shortest {
		// A line whose length a limit left unproven may be shorter than
		// the bound the finding rests on (its defences are only the
		// longest the table knew): it would contradict the finding.
		return
	}
	attacker := node.SideToMove()
	if opt.RootIsDefender {
		attacker = attacker.Opp()
	}
	f.Line, f.Spare = res.PV, dfpn.HandAfter(node, res.PV, attacker)
}

// String describes the finding in a line.
func (f LineFinding) String() string {
	head := fmt.Sprintf("ply %d: %s (%d plies from there)", f.Ply, f.Intended, f.Left)
	if f.Line == nil {
		return head + ": " + f.Kind
	}
	spare := ""
	if !f.Spare.IsEmpty() {
		spare = ", spare " + f.Spare.String()
	}
	return fmt.Sprintf("%s: %s: %s, %d plies%s: %s", head, f.Kind, f.Line[0], len(f.Line), spare, position.LineString(f.Line))
}
