package dfpn

import (
	"cmp"
	"fmt"
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
// search changes one move at a time, the deepest node first, each change
// followed by Solve's line below it, which may change again (the same
// walk as the search for a line without spare pieces, spare.go):
// at an attacker's node the other checks that mate as fast (at the last
// move, the other mates in one), at a defender's node the other defences
// after which the mate takes as long. Taken to its end, that walk visits
// every line of the same rank, so when it finds none, none exists; a
// limit (realMateTries lines, as many nodes as the solve took and at
// least realMateMinNodes, or the caller's time) may cut it short, and
// Result says which of the two it was.
//
// Nodes above a defence that the conventions made two plies shorter
// (2手変長) are left alone: their lines are not ranked by length alone.

// realMateTries bounds how many other lines the search for a line ending
// in a real mate solves.
const realMateTries = 1024

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
	lim.Progress = nil
	before := s.nodes
	w := &realMateWalk{
		s: s, pos: pos, opt: opt, attacker: attacker, exclude: exclude,
		b:     &Budget{lim: lim, start: start},
		spare: HandAfter(pos, res.PV, attacker).Total(),
		nodes: cmp.Or(opt.realMateNodes, max(realMateMinNodes, res.Nodes)),
		start: s.nodes,
		tries: realMateTries,
	}
	line, notes, why := w.search(res.PV, from)
	res.Nodes += s.nodes - before
	if line != nil {
		res.PV = line
		res.LineNotes = append(res.LineNotes, notes...)
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

// realMateWalk is the state of one search for a line ending in a real mate.
type realMateWalk struct {
	s        *Solver
	pos      *position.Position // the root
	opt      Options            // the sub-searches' options
	attacker position.Color
	exclude  []position.Move // the caller's excluded moves at the root
	b        *Budget         // what remains of the caller's limits
	spare    int             // the most spare pieces a line may leave
	nodes    uint64          // the node budget
	start    uint64          // the solver's node count at the start
	tries    int             // lines left to solve
}

// next returns the limits of the next sub-search, or why there are none.
func (w *realMateWalk) next() (Limits, string) {
	lim, why := w.b.Next()
	if why != "" {
		return lim, why
	}
	used := w.s.nodes - w.start
	if used >= w.nodes {
		return lim, "nodes"
	}
	if left := w.nodes - used; lim.Nodes == 0 || lim.Nodes > left {
		lim.Nodes = left
	}
	return lim, ""
}

// why tells which limit ended a sub-search undecided.
func (w *realMateWalk) why() string {
	if w.s.nodes-w.start >= w.nodes {
		return "nodes"
	}
	return w.b.why()
}

// ends tells whether line, a line of the rank sought, ends in a real mate
// with no more spare pieces than allowed.
func (w *realMateWalk) ends(line []position.Move) bool {
	return FutileReplies(w.pos, line) == nil && HandAfter(w.pos, line, w.attacker).Total() <= w.spare
}

// search returns line if it ends in a real mate; else it tries other
// moves at the nodes from index from on, the deepest first, each followed
// by Solve's line, which search then treats the same way below the
// change. It returns nil when no line of the same rank ends in a real
// mate, and why when a limit cut the search short.
func (w *realMateWalk) search(line []position.Move, from int) ([]position.Move, []string, string) {
	if w.ends(line) {
		return line, nil, ""
	}
	for i := len(line) - 1; i >= from; i-- {
		node := w.pos.Clone()
		for _, m := range line[:i] {
			node.DoMove(m)
		}
		var l []position.Move
		var notes []string
		var why string
		if node.SideToMove() == w.attacker {
			l, notes, why = w.otherMates(node, line, i)
		} else {
			l, notes, why = w.otherDefences(node, line, i)
		}
		if why != "" || l != nil {
			return l, notes, why
		}
	}
	return nil, nil, ""
}

// otherMates tries, at the attacker's node at index i of line (node, the
// position there), the other checks that mate as fast: at the last move
// every other mate in one, else Solve's other mates of the same length.
func (w *realMateWalk) otherMates(node *position.Position, line []position.Move, i int) ([]position.Move, []string, string) {
	r := len(line) - i
	var excluded []position.Move
	if i == 0 {
		excluded = w.exclude
	}
	if r == 1 {
		var buf [position.MaxMoves]position.Move
		for _, m := range node.GenerateChecks(buf[:0]) {
			if m == line[i] || containsMove(excluded, m) {
				continue
			}
			node.DoMove(m)
			mated := w.opt.Rules.Mated(node)
			node.UndoMove()
			if !mated {
				continue
			}
			cand := append(append([]position.Move(nil), line[:i]...), m)
			if w.ends(cand) {
				return cand, []string{w.note(i, m, line[i], "a mate as short")}, ""
			}
		}
		return nil, nil, ""
	}
	others := w.opt
	others.ExcludeRootMoves = append(append([]position.Move(nil), excluded...), line[i])
	for {
		lim, why := w.next()
		if why != "" {
			return nil, nil, why
		}
		switch w.s.MateWithin(node, r, others, lim) {
		case NoMate:
			return nil, nil, ""
		case Unknown:
			return nil, nil, w.why()
		}
		res, why := w.solve(node, others)
		if why != "" {
			return nil, nil, why
		}
		m := res.PV[0]
		others.ExcludeRootMoves = append(others.ExcludeRootMoves, m)
		if len(res.PV) != r {
			continue // not as short: the line's mate is the shortest, so this cannot be
		}
		cand := append(append([]position.Move(nil), line[:i]...), res.PV...)
		l, notes, why := w.search(cand, i+1)
		if why != "" || l != nil {
			return l, append([]string{w.note(i, m, line[i], "a mate as short")}, notes...), why
		}
	}
}

// otherDefences tries, at the defender's node at index i of line (node,
// the position there), the other defences after which the mate takes as
// long, each followed by Solve's line.
func (w *realMateWalk) otherDefences(node *position.Position, line []position.Move, i int) ([]position.Move, []string, string) {
	r := len(line) - i
	var buf [position.MaxMoves]position.Move
	defences := append([]position.Move(nil), w.opt.Rules.Defences(node, buf[:0])...)
	for _, d := range defences {
		if d == line[i] {
			continue
		}
		node.DoMove(d)
		class, why := w.classify(node, r)
		if why != "" || class != asLong {
			node.UndoMove()
			if why != "" {
				return nil, nil, why
			}
			continue
		}
		res, why := w.solve(node, w.opt)
		node.UndoMove()
		if why != "" {
			return nil, nil, why
		}
		cand := append(append(append([]position.Move(nil), line[:i]...), d), res.PV...)
		if len(cand) != len(line) {
			continue // classify said as long; a line of another length is not of this rank
		}
		l, notes, why := w.search(cand, i+1)
		if why != "" || l != nil {
			return l, append([]string{w.note(i, d, line[i], "a defence as long")}, notes...), why
		}
	}
	return nil, nil, ""
}

// classify is Solver.classify within the walk's budget.
func (w *realMateWalk) classify(node *position.Position, r int) (defenceClass, string) {
	lim, why := w.next()
	if why != "" {
		return 0, why
	}
	class, why := w.s.classify(node, r, false, w.opt, NewBudget(lim))
	if why == "limit" || why == "nodes" {
		why = w.why()
	}
	return class, why
}

// solve solves node for one change, counting it: the line must be a mate
// proven shortest, else why says what stopped it.
func (w *realMateWalk) solve(node *position.Position, opt Options) (Result, string) {
	if w.tries--; w.tries < 0 {
		return Result{}, "too many lines"
	}
	lim, why := w.next()
	if why != "" {
		return Result{}, why
	}
	res := w.s.Solve(node, opt, lim)
	if res.Status != Mate || !res.Shortest {
		return res, w.why()
	}
	return res, ""
}

// note says what a change did.
func (w *realMateWalk) note(i int, m, was position.Move, what string) string {
	return fmt.Sprintf("ply %d: %s instead of %s: %s, for a line that ends in a real mate", i+1, m, was, what)
}

func containsMove(moves []position.Move, m position.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
