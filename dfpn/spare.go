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
// searches the lines of the same rank for one that leaves nothing in hand
// (rankedlines.go), then, when there is none, the lines that take one
// defence exactly two plies shorter and are otherwise of that rank. The
// line it returns is therefore exact under the conventions, and does not
// depend on which of several equally short mates the search met first.
// The search ends by finding such a line, by showing there is none, or by
// the caller's limits; then Solve keeps the line it found and says why
// (SpareOpen).

// twoPlySpareApplies tells whether Solve looks for a line without spare
// pieces after res: a proven-shortest mate under tsume rules from the
// attacker's side, the convention on, and not a sub-search for another
// root move.
func twoPlySpareApplies(opt Options, res Result) bool {
	return opt.Rules == Tsume && opt.Uses(TwoPlySpareRule) && !opt.FirstMate && !opt.RootIsDefender &&
		len(opt.ExcludeRootMoves) == 0 && res.Status == Mate && res.Shortest && len(res.PV) > 1
}

// preferSpareFree replaces res.PV with the line the conventions choose
// when the line ends with spare pieces. The sub-searches share what lim
// leaves after start, and lim.Nodes more nodes; their nodes are added to
// res.Nodes. It returns the
// index of the first node below a defence the conventions made two plies
// shorter (2手変長), or 0 when they made none: the nodes above it are not
// ranked by length alone, and the search for a real mate leaves them be.
func (s *Solver) preferSpareFree(pos *position.Position, opt Options, lim Limits, start time.Time, res *Result) int {
	if HandAfter(pos, res.PV, pos.SideToMove()).IsEmpty() {
		return 0
	}
	// The sub-searches' lines are not changed again.
	opt.Set(TwoPlySpareRule, false)
	opt.Set(RealMateEnd, false)
	reports := newWalkReports(s, lim, start, res.Nodes, res.PV)
	lim.Progress = nil
	// A node limit bounds the whole search, as it bounds the solve: each
	// of its bounded searches gets what remains.
	b := &nodeBudget{s: s, b: &Budget{lim: lim, start: start}, nodes: lim.Nodes, start: s.nodes, reports: reports}
	w := newRankedWalk(s, opt, pos.SideToMove(), res.PV)
	w.next, w.why = b.next, b.why
	before := s.nodes
	defer func() { res.Nodes += s.nodes - before }()
	for _, two := range []bool{false, true} {
		line, why := w.find(pos, 0, two)
		switch {
		case why != "":
			res.SpareOpen = why
			return 0
		case line != nil:
			res.PV, res.LineNotes = line, w.notes(line, "without spare pieces")
			return w.twoAt + 1
		}
	}
	res.SpareEnd = HandAfter(pos, res.PV, pos.SideToMove())
	return 0
}
