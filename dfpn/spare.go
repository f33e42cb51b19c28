package dfpn

import (
	"time"

	"gomate/position"
)

// The conventions of tsume composition on spare pieces (駒余り), applied
// to Solve's line under tsume rules:
//
//   - among lines of the same length, one that leaves the attacker nothing
//     in hand at the end: among equally long defences the defender picks
//     such a one, and among equally short mates the attacker does;
//   - 2手変長駒余り: where every line of the longest defence leaves spare
//     pieces and a defence exactly two plies shorter leaves none, the
//     shorter one is the answer (a longer variation that ends with spare
//     pieces does not make the main line).
//
// The search proves the shortest mate against the longest defence; this
// step starts from that line, and only when it ends with spare pieces. It
// changes one move at a time from the deepest node up, the changes of the
// same length first (spareFree, spareFreeMates), each proven with bounded
// searches (classify, composition.go): another mate as short, a defence
// as long or exactly two plies shorter, and the shortest mate after it.
// The line it returns is therefore exact under the conventions, and does
// not depend on which of several equally short mates the search met
// first. When a limit cuts it short, Solve keeps the line it found and
// says so (SpareOpen).

// twoPlySpareApplies tells whether Solve looks for a line without spare
// pieces after res: a proven-shortest mate under tsume rules from the
// attacker's side, the convention on, and not a sub-search for another
// root move.
func twoPlySpareApplies(opt Options, res Result) bool {
	return opt.Rules == Tsume && !opt.NoTwoPlySpare && !opt.FirstMate && !opt.RootIsDefender &&
		len(opt.ExcludeRootMoves) == 0 && res.Status == Mate && res.Shortest && len(res.PV) > 1
}

// preferSpareFree replaces res.PV with the line the conventions choose
// when the line ends with spare pieces. The sub-searches share what lim
// leaves after start; their nodes are added to res.Nodes.
func (s *Solver) preferSpareFree(pos *position.Position, opt Options, lim Limits, start time.Time, res *Result) {
	if handAfter(pos, res.PV, pos.SideToMove()).IsEmpty() {
		return
	}
	// The sub-searches' lines are not changed again.
	opt.NoTwoPlySpare, opt.NoRealMateEnd = true, true
	lim.Progress = nil
	b := &share{lim: lim, start: start}
	before := s.nodes
	line, notes, why := s.lineWithoutSpare(pos, res.PV, opt, b)
	res.Nodes += s.nodes - before
	switch {
	case why != "":
		res.SpareOpen = why
	case line != nil:
		res.PV, res.LineNotes = line, notes
	}
}

// belowShorterDefence returns the index of the first node of line, the
// line the conventions on spare pieces chose instead of found, below a
// defence they made two plies shorter (2手変長), or 0 when they made
// none. That defence is the shallowest change (spareFree makes the others
// below it), and the only one that shortens the line.
func belowShorterDefence(found, line []position.Move) int {
	if len(line) != len(found)-2 {
		return 0
	}
	for i := range line {
		if line[i] != found[i] {
			return i + 1
		}
	}
	return 0
}
