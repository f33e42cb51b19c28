package dfpn

import (
	"cmp"
	"time"

	"gomate/position"
)

// Lines that end in a real mate.
//
// Under tsume rules a futile interposition (無駄合) is not a defence, so a
// line may end with a check the defender could still answer by a drop
// (a distant rook's check with a pawn to drop between): mate by the
// rules, but not checkmate by the game's. Often a line the rules rank
// equal ends in a real mate (the rook dropped next to the king instead),
// and a reader, or a GUI that replays the line, expects that one.
//
// So, after the length is proven and the conventions on spare pieces have
// chosen the line, a line whose final position still allows a legal reply
// gives way to one that does not, among the lines the rules rank equal:
// the same length, proven shortest at every attacker's node and longest
// at every defender's node, and no more spare pieces at the end. The
// search is the one among the lines of a rank (rankedlines.go), so when
// it finds none, none exists. It is a matter of presentation, not of the
// answer, so besides the caller's limits it has a node budget of its own:
// as many nodes as the solve took, and at least realMateMinNodes. Result
// says whether it ended by that budget or by proof.
//
// Nodes above a defence that the conventions made two plies shorter
// (2手変長) are left alone: their lines are not ranked by length alone.

// realMateMinNodes is the least node budget of that search; it gets as
// many nodes as the solve before it took, when that is more.
const realMateMinNodes = 1 << 20

// realMateApplies tells whether Solve looks for a line ending in a real
// mate after res: a proven-shortest mate under tsume rules (under strict
// rules every line ends in one), the switch on.
func realMateApplies(opt Options, res Result) bool {
	return opt.Rules == Tsume && opt.Uses(RealMateEnd) && !opt.FirstMate &&
		res.Status == Mate && res.Shortest && len(res.PV) > 0
}

// FutileReplies returns the legal replies left at the end of line from
// pos, nil when it ends in checkmate by the game's rules. At the end of a
// line proven under tsume rules they are all futile interpositions.
func FutileReplies(pos *position.Position, line []position.Move) []position.Move {
	p := pos.Clone()
	for _, m := range line {
		p.DoMove(m)
	}
	var buf [position.MaxMoves]position.Move
	if moves := p.GenerateLegal(buf[:0]); len(moves) > 0 {
		return append([]position.Move(nil), moves...)
	}
	return nil
}

// preferRealMate replaces res.PV with a line of the same rank that ends in
// a real mate, when res.PV does not and there is one; from is the first
// node it may change (0, or the node below a defence made two plies
// shorter by the conventions on spare pieces). It fills res.FutileEnd and
// res.RealMateOpen when the line still ends with futile replies.
func (s *Solver) preferRealMate(pos *position.Position, opt Options, lim Limits, start time.Time, res *Result, from int) {
	if FutileReplies(pos, res.PV) == nil {
		return
	}
	attacker := attackerOf(pos, opt)
	// The sub-searches start at the attacker's nodes or just after a
	// defence, and their lines are not changed again.
	exclude := opt.ExcludeRootMoves
	opt.RootIsDefender, opt.ExcludeRootMoves = false, nil
	opt.Set(TwoPlySpareRule, false)
	opt.Set(RealMateEnd, false)
	reports := newWalkReports(s, lim, start, res.Nodes, res.PV)
	lim.Progress = nil
	before := s.nodes
	b := &Budget{lim: lim, start: start}
	budget := &nodeBudget{s: s, b: b, nodes: cmp.Or(opt.realMateNodes, max(realMateMinNodes, res.Nodes)), start: s.nodes, reports: reports}
	w := newRankedWalk(s, opt, attacker, res.PV)
	w.exclude = exclude
	w.next, w.why = budget.next, budget.why
	w.spare, w.real = HandAfter(pos, res.PV, attacker).Total(), true
	line, why := w.find(pos, from, false)
	res.Nodes += s.nodes - before
	if line != nil {
		res.PV = line
		res.LineNotes = append(res.LineNotes, w.notes(line, "for a line that ends in a real mate")...)
		return
	}
	res.FutileEnd = FutileReplies(pos, res.PV)
	res.RealMateOpen = why
}

// attackerOf is the attacker of a search from pos under opt.
func attackerOf(pos *position.Position, opt Options) position.Color {
	if opt.RootIsDefender {
		return pos.SideToMove().Opp()
	}
	return pos.SideToMove()
}
