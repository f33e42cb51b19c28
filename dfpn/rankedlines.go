package dfpn

import (
	"fmt"
	"slices"

	"gomate/position"
)

// The search among the lines the rules rank equal.
//
// Solve proves one line: the shortest mate against the longest defence.
// Many lines may share that rank, and two conventions pick among them by
// how a line ends: the conventions on spare pieces (spare.go) want no
// piece left in the attacker's hand, and a line that ends in a real mate
// is preferred to one that ends where a futile drop is still legal
// (realmate.go). Both ask the same question: is there a line of that rank
// whose end meets a target?
//
// Both players choose among moves of the same rank, so the question is
// whether a path exists, not a game: a depth-first search over the
// graph whose edges are the attacker's moves that keep the mate exactly
// as short and the defences that keep it exactly as long, each edge
// proven by a bounded search (MateWithinBy at the attacker's nodes,
// classify at the defender's). One part of a defence's proof waits: that
// it is not shorter, when 20,000 nodes do not show it either way, is proven
// only for a line found through it (tryDefence), since it is a length
// proof of the rest of the problem and most lines fail anyway. It follows
// the line found first, so the first changes it tries are the deepest.
// Three things keep it finite and small:
//
//   - every node holds its exact length (below a defence not yet
//     confirmed, the length it would have), which drops at each ply, so
//     the graph has no cycle;
//   - a node from which no line meets the target is remembered (position,
//     plies left, and whether a shorter defence is still allowed) and
//     never searched twice, wherever the search meets it again (a node
//     reached below a defence that is in fact shorter mates in fewer
//     plies than the walk takes it to need, so a line of the rank never
//     meets it under the same key);
//   - the attacker can shed at most one piece from hand per move, so a
//     node with more pieces in hand than the attacker has moves left,
//     beyond the spare pieces allowed, cannot meet the target.
//
// The search ends when it finds a line (proof), when it has visited every
// line of the rank (disproof: there is none), or when the caller's limits
// stop a bounded search; there is no cap on the number of lines.

// rankedWalk is one search among the lines of a rank.
type rankedWalk struct {
	s        *Solver
	opt      Options        // the bounded searches' options (no root exclusions)
	attacker position.Color // the side that mates
	exclude  []position.Move
	// next gives the limits of the next bounded search, or why none may
	// start; why tells which limit ended an undecided one.
	next func() (Limits, string)
	why  func() string
	// spare is the most pieces the attacker may hold at the line's end,
	// and real asks for a real mate there (no legal reply at all).
	spare int
	real  bool

	guide  []position.Move // the line found, tried first
	path   []position.Move // the line being walked
	twoAt  int             // with a line found, the index of its shorter defence, or -1
	failed map[rankedKey]bool
	mates  map[rankedKey]*mateList
	class  map[classKey]defenceClass
}

// rankedKey names a node of the walk: the position, the plies left, and
// whether a defence two plies shorter may still be taken below it.
type rankedKey struct {
	key uint64
	r   int
	two bool
}

// classKey names a defence at a node of the walk.
type classKey struct {
	rankedKey
	m position.Move
}

// mateList is what the walk knows of the attacker's moves at a node that
// keep the mate as short: found so far, and whether that is all of them.
type mateList struct {
	moves []position.Move
	done  bool
	// excluded are the moves never asked about: the caller's exclusions
	// at the root, and the checks after which the attacker holds more
	// pieces than it has moves left to drop them (beyond the spare pieces
	// allowed), which cannot reach the target. Leaving them out of the
	// bounded searches also leaves them out of the proof that no other
	// mate remains.
	excluded []position.Move
}

// newRankedWalk returns a walk from guide, a line of the rank from the
// position the caller will pass to find; the caller sets next and why,
// and spare and real when the target is not an empty hand.
func newRankedWalk(s *Solver, opt Options, attacker position.Color, guide []position.Move) *rankedWalk {
	return &rankedWalk{
		s: s, opt: opt, attacker: attacker, guide: guide, twoAt: -1,
		failed: map[rankedKey]bool{},
		mates:  map[rankedKey]*mateList{},
		class:  map[classKey]defenceClass{},
	}
}

// find returns a line of the rank from pos, a line that follows the guide
// for its first from plies, or nil when none meets the target; with two,
// the line must take one defence exactly two plies shorter below from
// (and everything else at the rank). why says which limit cut it short.
func (w *rankedWalk) find(pos *position.Position, from int, two bool) ([]position.Move, string) {
	p := pos.Clone()
	w.path = append(w.path[:0], w.guide[:from]...)
	for _, m := range w.guide[:from] {
		p.DoMove(m)
	}
	w.twoAt = -1
	ok, why := w.search(p, len(w.guide)-from, two)
	if !ok {
		return nil, why
	}
	return append([]position.Move(nil), w.path...), ""
}

// onGuide tells whether the walk is on the guide: the move it makes next
// is then known to be of the rank.
func (w *rankedWalk) onGuide() bool {
	i := len(w.path)
	return i < len(w.guide) && slices.Equal(w.path, w.guide[:i])
}

// search tells whether a line of r plies from p meets the target,
// appending it to w.path when it does.
func (w *rankedWalk) search(p *position.Position, r int, two bool) (bool, string) {
	hand := p.Hand(w.attacker).Total()
	if r == 0 {
		if two || hand > w.spare {
			return false, ""
		}
		if w.real {
			var buf [position.MaxMoves]position.Move
			return len(p.GenerateLegal(buf[:0])) == 0, ""
		}
		return true, ""
	}
	left := r / 2 // the attacker's moves left
	if p.SideToMove() == w.attacker {
		left = (r + 1) / 2
	}
	if hand-left > w.spare {
		return false, ""
	}
	k := rankedKey{p.Key(), r, two}
	if w.failed[k] {
		return false, ""
	}
	var ok bool
	var why string
	if p.SideToMove() == w.attacker {
		ok, why = w.attack(p, k)
	} else {
		ok, why = w.defend(p, k)
	}
	if !ok && why == "" {
		w.failed[k] = true
	}
	return ok, why
}

// attack tries, at the attacker's node k, every move that keeps the mate
// exactly k.r plies long.
func (w *rankedWalk) attack(p *position.Position, k rankedKey) (bool, string) {
	for j := 0; ; j++ {
		m, why := w.mate(p, k, j)
		if why != "" || m == position.NoMove {
			return false, why
		}
		if ok, why := w.step(p, m, k.r-1, k.two); ok || why != "" {
			return ok, why
		}
	}
}

// step plays m from p and searches on with r plies left.
func (w *rankedWalk) step(p *position.Position, m position.Move, r int, two bool) (bool, string) {
	p.DoMove(m)
	w.path = append(w.path, m)
	ok, why := w.search(p, r, two)
	p.UndoMove()
	if !ok {
		w.path = w.path[:len(w.path)-1]
	}
	return ok, why
}

// mate returns the j-th move (from 0) at the attacker's node k that mates
// in exactly k.r plies, NoMove when there are no more: the guide's first,
// then those that bounded searches name, one at a time.
func (w *rankedWalk) mate(p *position.Position, k rankedKey, j int) (position.Move, string) {
	mk := rankedKey{k.key, k.r, false}
	ml := w.mates[mk]
	if ml == nil {
		ml = w.newMateList(p, k.r)
		w.mates[mk] = ml
	}
	for j >= len(ml.moves) && !ml.done {
		m, why := w.nextMate(p, k.r, ml)
		if why != "" {
			return position.NoMove, why
		}
		if m == position.NoMove {
			ml.done = true
			break
		}
		ml.moves = append(ml.moves, m)
	}
	if j < len(ml.moves) {
		return ml.moves[j], ""
	}
	return position.NoMove, ""
}

// newMateList starts the list of the attacker's moves at p, r plies from
// the end: the guide's move when the walk is on it, and the moves
// excluded from the questions.
func (w *rankedWalk) newMateList(p *position.Position, r int) *mateList {
	ml := &mateList{}
	if w.onGuide() {
		ml.moves = append(ml.moves, w.guide[len(w.path)])
	}
	if len(w.path) == 0 {
		ml.excluded = append(ml.excluded, w.exclude...)
	}
	var buf [position.MaxMoves]position.Move
	for _, m := range p.GenerateChecks(buf[:0]) {
		if slices.Contains(ml.excluded, m) {
			continue
		}
		p.DoMove(m)
		out := p.Hand(w.attacker).Total()-(r-1)/2 > w.spare
		p.UndoMove()
		if out {
			ml.excluded = append(ml.excluded, m)
		}
	}
	return ml
}

// nextMate returns a move from p that mates within r plies and is neither
// known nor excluded in ml, or NoMove when there is none.
func (w *rankedWalk) nextMate(p *position.Position, r int, ml *mateList) (position.Move, string) {
	// The known moves first: the order names the bounded search's root in
	// the table (excludeSalt).
	excluded := append([]position.Move(nil), ml.moves...)
	for _, m := range ml.excluded {
		if !slices.Contains(ml.moves, m) {
			excluded = append(excluded, m)
		}
	}
	var buf [position.MaxMoves]position.Move
	if r == 1 {
		for _, m := range p.GenerateChecks(buf[:0]) {
			if slices.Contains(excluded, m) {
				continue
			}
			p.DoMove(m)
			mated := w.opt.Rules.Mated(p)
			p.UndoMove()
			if mated {
				return m, ""
			}
		}
		return position.NoMove, ""
	}
	lim, why := w.next()
	if why != "" {
		return position.NoMove, why
	}
	opt := w.opt
	opt.ExcludeRootMoves = excluded
	st, m := w.s.MateWithinBy(p, r, opt, lim)
	switch {
	case st == NoMate:
		return position.NoMove, ""
	case st == Unknown:
		return position.NoMove, w.why()
	case m != position.NoMove:
		return m, ""
	}
	// The table held the answer, so no move was named: ask each check.
	opt = w.opt
	opt.RootIsDefender = true
	for _, m := range append([]position.Move(nil), p.GenerateChecks(buf[:0])...) {
		if slices.Contains(excluded, m) {
			continue
		}
		lim, why := w.next()
		if why != "" {
			return position.NoMove, why
		}
		p.DoMove(m)
		st := w.s.MateWithin(p, r-1, opt, lim)
		p.UndoMove()
		switch st {
		case Mate:
			return m, ""
		case Unknown:
			return position.NoMove, w.why()
		}
	}
	return position.NoMove, ""
}

// defend tries, at the defender's node k, every defence after which the
// mate takes exactly k.r-1 plies and, with k.two, every defence after
// which it takes exactly k.r-3.
func (w *rankedWalk) defend(p *position.Position, k rankedKey) (bool, string) {
	var buf [position.MaxMoves]position.Move
	defences := append([]position.Move(nil), w.opt.Rules.Defences(p, buf[:0])...)
	g := position.NoMove
	if w.onGuide() {
		g = w.guide[len(w.path)]
		if ok, why := w.step(p, g, k.r-1, k.two); ok || why != "" {
			return ok, why
		}
	}
	for _, d := range defences {
		if d == g {
			continue
		}
		if ok, why := w.tryDefence(p, k, d); ok || why != "" {
			return ok, why
		}
	}
	return false, ""
}

// tryDefence tries defence d at the defender's node k: a line through it
// that meets the target, if d is as long as the line's defence (or, with
// k.two, exactly two plies shorter). A defence only maybe as long is
// walked as if it were, and settled (baseClass) only when a line through it
// is found, or when with k.two it may be two plies shorter: the search
// that tells it from a shorter one is a length proof of the rest of the
// problem, which the walk mostly does not need (every line below fails).
// A line found below a defence that turns out shorter is dropped.
func (w *rankedWalk) tryDefence(p *position.Position, k rankedKey, d position.Move) (bool, string) {
	for {
		class, why := w.classify(p, k, d)
		if why != "" {
			return false, why
		}
		switch {
		case class == asLong:
			return w.step(p, d, k.r-1, k.two)
		case class == maybeAsLong:
			at, twoAt := len(w.path), w.twoAt
			ok, why := w.step(p, d, k.r-1, k.two)
			if why != "" || (!ok && !k.two) {
				return ok, why
			}
			settled, why := w.baseClass(p, k, d, 0)
			if why != "" {
				return false, why
			}
			if settled == asLong {
				return ok, ""
			}
			// Shorter: the line found is not of the rank; with k.two
			// it may still be two plies shorter (classified again).
			w.path, w.twoAt = w.path[:at], twoAt
		case class == twoShorter && k.two:
			at := len(w.path)
			ok, why := w.step(p, d, k.r-3, false)
			if ok {
				w.twoAt = at
			}
			return ok, why
		default:
			return false, ""
		}
	}
}

// classify is Solver.classify for defence d at the defender's node k,
// remembered: the class without two once, and, with k.two, whether a
// shorter defence is exactly two plies shorter, asked only of those.
func (w *rankedWalk) classify(p *position.Position, k rankedKey, d position.Move) (defenceClass, string) {
	c, ok := w.class[classKey{rankedKey{k.key, k.r, false}, d}]
	if !ok {
		var why string
		if c, why = w.baseClass(p, k, d, lazyClassNodes); why != "" {
			return 0, why
		}
	}
	if !k.two || c != shorter {
		return c, ""
	}
	two := classKey{k, d}
	if c, ok := w.class[two]; ok {
		return c, ""
	}
	lim, why := w.next()
	if why != "" {
		return 0, why
	}
	p.DoMove(d)
	st := w.s.MateWithin(p, k.r-5, w.opt, lim)
	p.UndoMove()
	switch st {
	case Unknown:
		return 0, w.why()
	case NoMate:
		c = twoShorter
	}
	w.class[two] = c
	return c, ""
}

// lazyClassNodes bounds, in nodes, the search that tells whether a
// defence is shorter than the line's before the walk goes below it: a
// shorter mate is mostly in the table already, while showing that there
// is none (the defence is as long) can take as long as the solve
// (docs/notes/zukou.md, #83).
const lazyClassNodes = 20000

// baseClass asks Solver.classify for defence d at the defender's node k,
// the question "is it shorter?" bounded by shortNodes (0: settled, as
// far as the caller's limits go), and remembers the class.
func (w *rankedWalk) baseClass(p *position.Position, k rankedKey, d position.Move, shortNodes uint64) (defenceClass, string) {
	lim, why := w.next()
	if why != "" {
		return 0, why
	}
	p.DoMove(d)
	c, why := w.s.classify(p, k.r, w.opt, NewBudget(lim), shortNodes)
	p.UndoMove()
	if why == "limit" || why == "nodes" {
		why = w.why()
	}
	if why != "" {
		return 0, why
	}
	w.class[classKey{rankedKey{k.key, k.r, false}, d}] = c
	return c, ""
}

// notes say where line leaves the guide: the first move that differs,
// and the defence two plies shorter when the walk took one below it. what
// names the target.
func (w *rankedWalk) notes(line []position.Move, what string) []string {
	i := 0
	for i < len(line) && i < len(w.guide) && line[i] == w.guide[i] {
		i++
	}
	if i == len(line) {
		return nil
	}
	var notes []string
	switch {
	case i == w.twoAt:
		notes = append(notes, fmt.Sprintf("ply %d: %s instead of %s: two plies shorter, %s, where the longer defence leaves them (2手変長駒余り)", i+1, line[i], w.guide[i], what))
	case (len(w.guide)-1-i)%2 == 0: // the attacker's move (a line ends with one)
		notes = append(notes, fmt.Sprintf("ply %d: %s instead of %s: a mate as short, %s", i+1, line[i], w.guide[i], what))
	default:
		notes = append(notes, fmt.Sprintf("ply %d: %s instead of %s: a defence as long, %s", i+1, line[i], w.guide[i], what))
	}
	if w.twoAt > i {
		notes = append(notes, fmt.Sprintf("ply %d: %s: two plies shorter, %s, where every longer defence leaves them (2手変長駒余り)", w.twoAt+1, line[w.twoAt], what))
	}
	return notes
}
