package usi

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// MultiPV and CheckAlternatives: work a go mate search does after its main
// search has found a mate, in the same goroutine, before the answer.
//
//   - MultiPV K > 1: the root is searched again without the first moves
//     found so far (dfpn.Options.ExcludeRootMoves), up to K-1 times or
//     until no other first move mates. Each mate is printed as
//     "info multipv k depth N score mate N pv ..." (k = 1 is the main line,
//     which alone goes into the checkmate answer). Only with the attacker
//     to move: with DefenderToMove the root moves are the defender's.
//   - CheckAlternatives: each attacker's move of the main line but the
//     last is checked for another check that mates within the plies left
//     (dfpn.Solver.AlternativeMates), each printed as
//     "info string alternative mate at ply P: <move> (mate in N)".
//
// Budget: what remains of the go mate time limit, so the checkmate line is
// never later than the limit (the node limit applies to each search). With
// no time limit, as long as the main search took and at least
// minFollowUpTime. stop ends the work at once; what was found is printed.

// minFollowUpTime is the least time the follow-up work gets when go mate
// has no time limit.
const minFollowUpTime = time.Second

// followUp says what a go mate search does after its main search.
type followUp struct {
	multiPV   int  // report up to this many mating first moves
	checkAlts bool // check the main line for alternative mates
}

func (f followUp) wanted() bool { return f.multiPV > 1 || f.checkAlts }

// alternativeFinder is the solver method behind CheckAlternatives;
// *dfpn.Solver has it.
type alternativeFinder interface {
	AlternativeMates(pos *position.Position, line []position.Move, opt dfpn.Options, lim dfpn.Limits) ([]dfpn.Alternative, []dfpn.Unchecked)
}

// followUpResult is what the follow-up work found.
type followUpResult struct {
	others     []dfpn.Result      // mates with other first moves, in the order found
	multiNotes []string           // info strings on MultiPV: why it stopped
	alts       []dfpn.Alternative // alternative mates along the main line
	notes      []string           // info strings on the rest
}

// run does the follow-up work for the mate main, found from pos (restored
// on return) by a search that started at start under opt and lim. It
// returns the nodes it searched.
func (f followUp) run(sv Solver, pos *position.Position, opt dfpn.Options, lim dfpn.Limits, start time.Time, main dfpn.Result) (x followUpResult, nodes uint64) {
	deadline := start.Add(lim.Time)
	if lim.Time <= 0 {
		deadline = time.Now().Add(max(main.Elapsed, minFollowUpTime))
	}
	next := func() (dfpn.Limits, string) {
		l := lim
		l.Progress = nil
		l.Time = time.Until(deadline)
		switch {
		case l.Stop != nil && l.Stop.Load():
			return l, "stopped"
		case l.Time <= 0:
			return l, "no time left"
		}
		return l, ""
	}
	if f.multiPV > 1 {
		if opt.RootIsDefender {
			x.multiNotes = []string{"MultiPV: not with DefenderToMove (the root moves are the defender's)"}
		} else {
			x.others, nodes, x.multiNotes = otherFirstMoves(sv, pos, opt, main, f.multiPV-1, next)
		}
	}
	if f.checkAlts {
		af, ok := sv.(alternativeFinder)
		l, why := next()
		switch {
		case !ok:
			x.notes = append(x.notes, "CheckAlternatives: not supported by this solver")
		case !main.Shortest:
			x.notes = append(x.notes, "CheckAlternatives: the line is not proven shortest; not checked")
		case why != "":
			x.notes = append(x.notes, "CheckAlternatives: not checked ("+why+")")
		default:
			alts, open := af.AlternativeMates(pos, main.PV, opt, l)
			x.alts = alts
			for _, u := range open {
				x.notes = append(x.notes, fmt.Sprintf("CheckAlternatives: ply %d not checked (%s)", u.Ply, u.Reason))
			}
			if len(alts) == 0 && len(open) == 0 {
				x.notes = append(x.notes, "CheckAlternatives: no alternative mate along the line")
			}
		}
	}
	return x, nodes
}

// otherFirstMoves searches pos for up to n mates whose first moves differ
// from main's and from each other's.
func otherFirstMoves(sv Solver, pos *position.Position, opt dfpn.Options, main dfpn.Result, n int, next func() (dfpn.Limits, string)) (others []dfpn.Result, nodes uint64, notes []string) {
	exclude := []position.Move{main.PV[0]}
	stopped := func(why string) []string {
		return []string{fmt.Sprintf("MultiPV: %d of %d lines; %s", len(others)+1, n+1, why)}
	}
	for len(others) < n {
		lim, why := next()
		if why != "" {
			return others, nodes, stopped(why)
		}
		o := opt
		o.ExcludeRootMoves = slices.Clone(exclude)
		res := sv.Solve(pos, o, lim)
		nodes += res.Nodes
		switch {
		case res.Status == dfpn.NoMate:
			return others, nodes, stopped("no other first move mates")
		case res.Status != dfpn.Mate:
			why := res.Reason
			if why == "" {
				why = "undecided"
			}
			return others, nodes, stopped("the search for more ended undecided (" + why + ")")
		case len(res.PV) == 0 || slices.Contains(exclude, res.PV[0]):
			return others, nodes, stopped("the solver repeated a first move")
		}
		others = append(others, res)
		exclude = append(exclude, res.PV[0])
	}
	return others, nodes, nil
}

// writeFollowUp prints the follow-up's lines: the other mates as multipv
// lines (each verified first; k counts the printed ones) and why there
// are no more, then the alternative mates and the other notes as info
// strings.
func (s *Server) writeFollowUp(j *job, x followUpResult) {
	k := 1
	for _, o := range x.others {
		if err := VerifyLine(j.root, o.PV, j.defender, j.rules); err != nil {
			s.out.infoString("MultiPV: rejected the solver's line: " + err.Error())
			continue
		}
		k++
		s.out.line(append(append([]string{"info", "multipv", strconv.Itoa(k)}, scoreTokens(j, o.PV)...), pvTokens(o.PV)...)...)
	}
	for _, n := range x.multiNotes {
		s.out.infoString(n)
	}
	for _, a := range x.alts {
		s.out.infoString(fmt.Sprintf("alternative mate at ply %d: %s (mate in %d)", a.Ply, a.Move, len(a.Line)))
	}
	for _, n := range x.notes {
		s.out.infoString(n)
	}
}
