package dfpn

import (
	"cmp"
	"fmt"
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
// searches (classify, subsearch.go): another mate as short, a defence
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
	return opt.Rules == Tsume && opt.Uses(TwoPlySpareRule) && !opt.FirstMate && !opt.RootIsDefender &&
		len(opt.ExcludeRootMoves) == 0 && res.Status == Mate && res.Shortest && len(res.PV) > 1
}

// preferSpareFree replaces res.PV with the line the conventions choose
// when the line ends with spare pieces. The sub-searches share what lim
// leaves after start; their nodes are added to res.Nodes.
func (s *Solver) preferSpareFree(pos *position.Position, opt Options, lim Limits, start time.Time, res *Result) {
	if HandAfter(pos, res.PV, pos.SideToMove()).IsEmpty() {
		return
	}
	// The sub-searches' lines are not changed again.
	opt.Set(TwoPlySpareRule, false)
	opt.Set(RealMateEnd, false)
	lim.Progress = nil
	b := &Budget{lim: lim, start: start}
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

// maxSpareTries bounds how many other lines lineWithoutSpare solves.
const maxSpareTries = 64

// maxSpareMates bounds how many other mates as short spareFreeMates tries
// at one node.
const maxSpareMates = 8

// lineWithoutSpare looks for the line the conventions on spare pieces make
// the answer when line (exact, from pos, the attacker to move) ends with
// spare pieces: first by changing moves to other mates as short and
// defences as long, then by also allowing one defence two plies shorter.
// It returns nil when there is none, and why when a limit cut the search
// short.
func (s *Solver) lineWithoutSpare(pos *position.Position, line []position.Move, opt Options, b *Budget) ([]position.Move, []string, string) {
	tries := 0
	for _, two := range []bool{false, true} {
		l, notes, why := s.spareFree(pos, line, 0, two, opt, b, &tries)
		if why != "" || l != nil {
			return l, notes, why
		}
	}
	return nil, nil, ""
}

// spareFree returns line if it ends with no spare pieces; else it tries
// other moves at the nodes from index from on, the deepest first, each
// followed by Solve's line, the rest of which may change again: without
// two, the attacker's other mates as short (spareFreeMates) and the
// defender's equally long defences; with two, the defences exactly two
// plies shorter, after which only the changes without two are made.
func (s *Solver) spareFree(pos *position.Position, line []position.Move, from int, two bool, opt Options, b *Budget, tries *int) ([]position.Move, []string, string) {
	if HandAfter(pos, line, pos.SideToMove()).IsEmpty() {
		return line, nil, ""
	}
	var buf [position.MaxMoves]position.Move
	for i := len(line) - 1; i >= from; i-- {
		node := pos.Clone()
		for _, m := range line[:i] {
			node.DoMove(m)
		}
		r := len(line) - i
		if i%2 == 0 {
			if two {
				continue
			}
			if l, notes, why := s.spareFreeMates(pos, node, line, i, opt, b, tries); why != "" || l != nil {
				return l, notes, why
			}
			continue
		}
		defences := append([]position.Move(nil), opt.Rules.Defences(node, buf[:0])...)
		for _, d := range defences {
			if d == line[i] {
				continue
			}
			node.DoMove(d)
			class, why := s.classify(node, r, two, opt, b)
			if why != "" {
				return nil, nil, why
			}
			if class != asLong && !(two && class == twoShorter) {
				node.UndoMove()
				continue
			}
			res, why := s.spareTry(node, opt, b, tries)
			node.UndoMove()
			if why != "" {
				return nil, nil, why
			}
			cand := append(append(append([]position.Move(nil), line[:i]...), d), res.PV...)
			l, notes, why := s.spareFree(pos, cand, i+1, false, opt, b, tries)
			if why != "" {
				return nil, nil, why
			}
			if l != nil {
				how := "as long, without spare pieces"
				if class == twoShorter {
					how = "two plies shorter, without spare pieces, where the longer defence leaves them (2手変長駒余り)"
				}
				note := fmt.Sprintf("ply %d: %s instead of %s: %s", i+1, d, line[i], how)
				return l, append([]string{note}, notes...), ""
			}
		}
	}
	return nil, nil, ""
}

// spareFreeMates is spareFree at the attacker's node at index i of line
// (node, the position there): the other mates as short as the line's,
// each with Solve's line and the changes below it, until one ends without
// spare pieces. The attacker, too, picks such a mate among the shortest.
func (s *Solver) spareFreeMates(pos, node *position.Position, line []position.Move, i int, opt Options, b *Budget, tries *int) ([]position.Move, []string, string) {
	r := len(line) - i
	others := opt // the search for the other mates
	others.ExcludeRootMoves = []position.Move{line[i]}
	for range maxSpareMates {
		st, why := s.MateWithinBudget(node, r, others, b)
		if why != "" {
			return nil, nil, why
		}
		if st == NoMate {
			return nil, nil, ""
		}
		res, why := s.spareTry(node, others, b, tries)
		if why != "" {
			return nil, nil, why
		}
		m := res.PV[0]
		others.ExcludeRootMoves = append(others.ExcludeRootMoves, m)
		if len(res.PV) != r {
			continue // not as short: line was the shortest, so this cannot be
		}
		cand := append(append([]position.Move(nil), line[:i]...), res.PV...)
		l, notes, why := s.spareFree(pos, cand, i+1, false, opt, b, tries)
		if why != "" {
			return nil, nil, why
		}
		if l != nil {
			note := fmt.Sprintf("ply %d: %s instead of %s: a mate as short, without spare pieces", i+1, m, line[i])
			return l, append([]string{note}, notes...), ""
		}
	}
	return nil, nil, ""
}

// spareTry solves node for one of spareFree's changes, counting it in
// tries: the line must be a mate proven shortest, else why says what
// stopped it.
func (s *Solver) spareTry(node *position.Position, opt Options, b *Budget, tries *int) (Result, string) {
	if *tries++; *tries > maxSpareTries {
		return Result{}, "too many lines"
	}
	lim, why := b.Next()
	if why != "" {
		return Result{}, why
	}
	res := s.Solve(node, opt, lim)
	if res.Status != Mate || !res.Shortest {
		return res, cmp.Or(res.Reason, "limit")
	}
	return res, ""
}
