package usi

import (
	"fmt"
	"slices"
	"time"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// MultiPV and CheckAlternatives: work a search does after its main search
// has found a mate whose line checks out, in the same goroutine, before
// the answer. Each finding is sent to the loop as soon as it is made
// (events.go), so it is printed at once.
//
//   - MultiPV K > 1 (go mate and plain go): the root is searched again
//     without the first moves found so far (dfpn.Options.ExcludeRootMoves),
//     up to K-1 times or until no other first move mates. Each mate is
//     printed as "info multipv k depth N score mate N pv ..." (k = 1 is the
//     main line, which alone goes into the checkmate or bestmove answer).
//     Only with the attacker to move: with DefenderToMove the root moves
//     are the defender's.
//   - CheckAlternatives (go mate only): each attacker's move of the main
//     line but the last is checked for another check that mates within the
//     plies left (compose.AlternativeMates), each printed as
//     "info string alternative mate at ply P: <move> (mate in N)".
//
// Budget: what remains of the time limit of go mate or of a timed go, so
// the answer is never later than the limit (the node limit applies to each
// search). Go infinite and go ponder have no limit of their own: the work
// goes on until stop (or the budget that ponderhit starts). Go mate with no
// time limit, and a plain go with none, get as long as the main search
// took and at least minFollowUpTime. stop ends the work at once.

// minFollowUpTime is the least time the follow-up work gets when go mate
// or a plain go has no time limit.
const minFollowUpTime = time.Second

// followUp says what a search does after its main search.
type followUp struct {
	multiPV   int  // report up to this many mating first moves
	checkAlts bool // check the main line for alternative mates
	// untilStop: no time limit of its own (go infinite, go ponder); only
	// stop ends the work.
	untilStop bool
}

// wanted reports whether f asks for any work after the main search.
func (f followUp) wanted() bool { return f.multiPV > 1 || f.checkAlts }

// run does the follow-up work for the mate main, found from pos (restored
// on return) by a search that started at start under opt and lim, and
// sends each finding with emit as soon as it is made. It gives up when
// emit fails (the server has gone).
func (f followUp) run(sv Solver, pos *position.Position, opt dfpn.Options, lim dfpn.Limits, start time.Time, main dfpn.Result, emit func(searchEvent) bool) {
	next := f.limits(lim, start, main)
	note := func(msg string) bool { return emit(searchEvent{kind: evNote, note: msg}) }
	if f.multiPV > 1 {
		if opt.RootIsDefender {
			if !note("MultiPV: not with DefenderToMove (the root moves are the defender's)") {
				return
			}
		} else if !otherFirstMoves(sv, pos, opt, main, f.multiPV-1, next, emit) {
			return
		}
	}
	if !f.checkAlts {
		return
	}
	// CheckAlternatives runs on the df-pn solver itself (compose uses its
	// bounded searches); a scripted solver says it cannot.
	ds, ok := sv.(*dfpn.Solver)
	l, why := next()
	switch {
	case !ok:
		note("CheckAlternatives: not supported by this solver")
	case !main.Shortest:
		note("CheckAlternatives: the line is not proven shortest; not checked")
	case why != "":
		note("CheckAlternatives: not checked (" + why + ")")
	default:
		alts, open := compose.AlternativeMates(ds, pos, main.PV, opt, l)
		for _, a := range alts {
			if !note(fmt.Sprintf("alternative mate at ply %d: %s (mate in %d)", a.Ply, a.Move, len(a.Line))) {
				return
			}
		}
		for _, u := range open {
			if !note(fmt.Sprintf("CheckAlternatives: ply %d not checked (%s)", u.Ply, u.Reason)) {
				return
			}
		}
		if len(alts) == 0 && len(open) == 0 {
			note("CheckAlternatives: no alternative mate along the line")
		}
	}
}

// limits returns the function that gives each follow-up search its limits
// (lim without progress reports, and the time left), or why none may
// start: "stopped" or "no time left".
func (f followUp) limits(lim dfpn.Limits, start time.Time, main dfpn.Result) func() (dfpn.Limits, string) {
	var deadline time.Time // zero: none
	switch {
	case f.untilStop:
	case lim.Time > 0:
		deadline = start.Add(lim.Time)
	default:
		deadline = time.Now().Add(max(main.Elapsed, minFollowUpTime))
	}
	return func() (dfpn.Limits, string) {
		l := lim
		l.Progress = nil
		l.Time = 0
		if l.Stop != nil && l.Stop.Load() {
			return l, "stopped"
		}
		if !deadline.IsZero() {
			if l.Time = time.Until(deadline); l.Time <= 0 {
				return l, "no time left"
			}
		}
		return l, ""
	}
}

// otherFirstMoves searches pos for up to n mates whose first moves differ
// from main's and from each other's, and sends each with emit as soon as
// it is found, then a note if it ended before n. It reports false when
// emit failed.
func otherFirstMoves(sv Solver, pos *position.Position, opt dfpn.Options, main dfpn.Result, n int, next func() (dfpn.Limits, string), emit func(searchEvent) bool) bool {
	exclude := []position.Move{main.PV[0]}
	found := 0
	stopped := func(why string) bool {
		return emit(searchEvent{kind: evNote, note: fmt.Sprintf("MultiPV: %d of %d lines; %s", found+1, n+1, why)})
	}
	for found < n {
		lim, why := next()
		if why != "" {
			return stopped(why)
		}
		o := opt
		o.ExcludeRootMoves = slices.Clone(exclude)
		res := sv.Solve(pos, o, lim)
		switch {
		case res.Status == dfpn.NoMate:
			return stopped("no other first move mates")
		case res.Status != dfpn.Mate:
			why := res.Reason
			if why == "" {
				why = "undecided"
			}
			return stopped("the search for more ended undecided (" + why + ")")
		case len(res.PV) == 0 || slices.Contains(exclude, res.PV[0]):
			return stopped("the solver repeated a first move")
		}
		found++
		exclude = append(exclude, res.PV[0])
		if !emit(searchEvent{kind: evOther, res: res}) {
			return false
		}
	}
	return true
}
