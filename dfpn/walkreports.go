package dfpn

import (
	"time"

	"gomate/position"
)

// Progress during the walks after the proof. Once the length is proven,
// Solve walks the lines of equal rank for one without spare pieces
// (spare.go) and for one that ends in a real mate (realmate.go), by many
// bounded searches. On a long problem that takes as long as the proof
// (Shogi Zukou #83: docs/notes/zukou.md), and a GUI that heard nothing
// for that long would look hung. So the walks report too: the solve's
// nodes so far, the time since it started and the line it has, at the
// caller's interval, from inside a bounded search or between two.

// walkReports is a walk's progress reporter; nil when the caller asked
// for none.
type walkReports struct {
	s      *Solver
	report func(Info)
	every  time.Duration
	start  time.Time // when the solve started
	last   time.Time // when the last report went out
	base   uint64    // the solve's nodes before the walk
	from   uint64    // the solver's node count when the walk started
	line   []position.Move
}

// newWalkReports returns the reporter of a walk that starts now, after
// the solve that started at start has searched nodes nodes and holds line;
// nil when lim has no Progress.
func newWalkReports(s *Solver, lim Limits, start time.Time, nodes uint64, line []position.Move) *walkReports {
	if lim.Progress == nil {
		return nil
	}
	every := lim.ProgressInterval
	if every <= 0 {
		every = time.Second
	}
	return &walkReports{s: s, report: lim.Progress, every: every, start: start, last: time.Now(),
		base: nodes, from: s.nodes, line: line}
}

// tick reports if the interval has passed since the last report;
// searching is the nodes of the bounded search under way (0 between two).
func (r *walkReports) tick(searching uint64, hashfull int) {
	if r == nil {
		return
	}
	now := time.Now()
	if now.Sub(r.last) < r.every {
		return
	}
	r.last = now
	r.report(Info{Nodes: r.base + r.s.nodes - r.from + searching, Elapsed: now.Sub(r.start), Hashfull: hashfull, PV: r.line})
}

// limits gives a bounded search's limits the walk's reports: the search
// offers one at a tenth of the interval (its own clock starts with it),
// and tick lets through those that are due.
func (r *walkReports) limits(lim Limits) Limits {
	if r == nil {
		return lim
	}
	lim.Progress = func(i Info) { r.tick(i.Nodes, i.Hashfull) }
	lim.ProgressInterval = max(r.every/10, time.Millisecond)
	return lim
}
