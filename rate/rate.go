package rate

import (
	"fmt"

	"gomate/dfpn"
	"gomate/position"
)

// Rating is what Rate finds of one problem.
type Rating struct {
	// Line is the solution: the shortest mate against the longest
	// defence under tsume rules (dfpn.Solver.Solve's default options).
	Line []position.Move
	// Shortest tells that Line's length is proven the shortest (false
	// when a limit cut the minimisation: the length is then an upper
	// bound, dfpn.Result.Shortest).
	Shortest bool
	// Nodes is the node count of the search that found Line.
	Nodes    uint64
	Root     RootStats
	Features Features
	Score    float64
}

// StatsOptions are the options of the search the root statistics come
// from: the first mate only, under strict rules (every legal evasion is
// a defence), with double-count detection on and the other techniques at
// their defaults (alike drops and non-promotions counted once or by max:
// LazyDrops, MaxFarDrops, MaxNonPromotions, HeuristicB).
func StatsOptions() dfpn.Options {
	opt := dfpn.Options{Rules: dfpn.Strict, FirstMate: true}
	opt.Set(dfpn.DAGDetection, true)
	return opt
}

// Rate rates the problem pos, the attacker to move, with solver s (its
// table is cleared before each of the two searches) under lim, which
// bounds each search. pos is restored before Rate returns. The error
// says why there is no rating: no mate, or a search that a limit cut.
func Rate(s *dfpn.Solver, pos *position.Position, lim dfpn.Limits) (Rating, error) {
	s.Clear()
	res := s.Solve(pos, dfpn.Options{}, lim)
	if res.Status != dfpn.Mate {
		return Rating{Nodes: res.Nodes}, fmt.Errorf("solve: %s%s", res.Status, reason(res.Reason))
	}
	st, err := RootStatistics(s, pos, lim)
	if err != nil {
		return Rating{Line: res.PV, Nodes: res.Nodes}, err
	}
	r := Rating{Line: res.PV, Shortest: res.Shortest, Nodes: res.Nodes, Root: st, Features: FeaturesOf(pos, res.PV)}
	r.Score = Score(r)
	return r, nil
}

// RootStatistics runs the search for the first mate of pos under
// StatsOptions with s (its table cleared first) and lim, and returns the
// root's statistics; an error when the search does not prove a mate.
func RootStatistics(s *dfpn.Solver, pos *position.Position, lim dfpn.Limits) (RootStats, error) {
	var rec recorder
	lim.RootUpdate = rec.update
	s.Clear()
	res := s.Solve(pos, StatsOptions(), lim)
	st := rec.stats()
	st.Nodes = res.Nodes
	if res.Status != dfpn.Mate {
		return st, fmt.Errorf("root statistics (strict rules): %s%s", res.Status, reason(res.Reason))
	}
	return st, nil
}

// reason is ": why" for a non-empty why.
func reason(why string) string {
	if why == "" {
		return ""
	}
	return ": " + why
}
