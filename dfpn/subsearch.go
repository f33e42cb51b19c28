package dfpn

import (
	"time"

	"gomate/position"
)

// Bounded sub-searches: the questions that Solve's last steps (the
// conventions on spare pieces, spare.go, and lines that end in a real
// mate, realmate.go) and the composition checks (package compose) ask
// after a solve, each at a node of the line and with a length bound: is
// there another mate within r plies, does another defence last as long?
// A Budget shares the caller's limits among them, classify compares the
// mate after another defence with the line's, and HandAfter tells what a
// line leaves the attacker in hand.

// Budget shares one set of limits among a series of searches: each gets
// what remains of the time limit, the whole node limit and the stop flag,
// and none reports progress. Make one with NewBudget.
type Budget struct {
	lim   Limits
	start time.Time
}

// NewBudget returns a budget of lim that starts now.
func NewBudget(lim Limits) *Budget { return &Budget{lim: lim, start: time.Now()} }

// Elapsed is the time since the budget started.
func (b *Budget) Elapsed() time.Duration { return time.Since(b.start) }

// Next returns the limits of the next search, or why none may start:
// "stopped" or "time".
func (b *Budget) Next() (Limits, string) {
	l := b.lim
	l.Progress = nil
	if l.Stop != nil && l.Stop.Load() {
		return l, "stopped"
	}
	if l.Time > 0 {
		left := l.Time - time.Since(b.start)
		if left <= 0 {
			return l, "time"
		}
		l.Time = left
	}
	return l, ""
}

// why tells which limit most likely ended a search undecided.
func (b *Budget) why() string {
	switch {
	case b.lim.Stop != nil && b.lim.Stop.Load():
		return "stopped"
	case b.lim.Time > 0 && time.Since(b.start) >= b.lim.Time:
		return "time"
	case b.lim.Nodes > 0:
		return "nodes"
	}
	return "limit"
}

// nodeBudget is a Budget with a node budget of its own over all the
// searches it starts (none when nodes is 0).
type nodeBudget struct {
	s       *Solver
	b       *Budget
	nodes   uint64       // the node budget
	start   uint64       // the solver's node count at the start
	reports *walkReports // the progress reports, if any
}

// next returns the limits of the next search, or why there are none.
func (n *nodeBudget) next() (Limits, string) {
	n.reports.tick(0, n.s.table.Hashfull())
	lim, why := n.b.Next()
	if why != "" {
		return lim, why
	}
	lim = n.reports.limits(lim)
	if n.nodes == 0 {
		return lim, ""
	}
	used := n.s.nodes - n.start
	if used >= n.nodes {
		return lim, "nodes"
	}
	if left := n.nodes - used; lim.Nodes == 0 || lim.Nodes > left {
		lim.Nodes = left
	}
	return lim, ""
}

// why tells which limit ended a search undecided.
func (n *nodeBudget) why() string {
	if n.nodes > 0 && n.s.nodes-n.start >= n.nodes {
		return "nodes"
	}
	return n.b.why()
}

// MateWithinBudget is MateWithin under what remains of b. When a limit or
// a stop leaves the question undecided, or none of b is left to ask it,
// it returns Unknown and why: "stopped", "time", "nodes" or "limit".
func (s *Solver) MateWithinBudget(pos *position.Position, plies int, opt Options, b *Budget) (Status, string) {
	lim, why := b.Next()
	if why != "" {
		return Unknown, why
	}
	st := s.MateWithin(pos, plies, opt, lim)
	if st == Unknown {
		return st, b.why()
	}
	return st, ""
}

// defenceClass says how long the mate after a defence takes compared with
// the line's defence at the same node.
type defenceClass int

const (
	shorter    defenceClass = iota // shorter
	asLong                         // exactly as long
	twoShorter                     // exactly two plies shorter (the walk tells it apart from shorter)
	longer                         // longer, or a drop that does not count
	// maybeAsLong: mated within as many plies, and no shorter mate found
	// within the nodes allowed for that question; the walk takes it as
	// long and confirms it only for a line it finds through it.
	maybeAsLong
)

// classify tells how the mate from pos (attacker to move), reached by a
// defence at a node whose line takes r plies, compares with r-1. With
// shortNodes not 0, the question "is it shorter?" gets that many nodes at
// most, and a defence it leaves open is maybeAsLong.
func (s *Solver) classify(pos *position.Position, r int, opt Options, b *Budget, shortNodes uint64) (defenceClass, string) {
	lim, why := b.Next()
	if why != "" {
		return 0, why
	}
	capped := shortNodes > 0 && (lim.Nodes == 0 || lim.Nodes > shortNodes)
	if capped {
		lim.Nodes = shortNodes
	}
	st := Unknown
	if !(capped && opt.classUnasked) {
		st = s.MateWithin(pos, r-3, opt, lim)
	}
	maybe := false
	switch st {
	case Mate:
		return shorter, ""
	case Unknown:
		why := b.why()
		if !capped || why == "time" || why == "stopped" {
			return 0, why
		}
		maybe = true
	}
	// Not shorter: as long, unless there is no mate within r-1 either (a
	// longer defence, or under tsume rules a futile drop).
	st, why = s.MateWithinBudget(pos, r-1, opt, b)
	switch {
	case why != "":
		return 0, why
	case st != Mate:
		return longer, ""
	case maybe:
		return maybeAsLong, ""
	}
	return asLong, ""
}

// HandAfter returns c's hand after line is played from pos (pos itself is
// not changed): for the attacker, the spare pieces (駒余り) a mating line
// leaves.
func HandAfter(pos *position.Position, line []position.Move, c position.Color) position.Hand {
	p := pos.Clone()
	for _, m := range line {
		p.DoMove(m)
	}
	return p.Hand(c)
}
