package usi

import (
	"fmt"
	"strconv"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// A job's output comes in two parts. The info lines are written as soon as
// what they say is known: writeMain when the main search returns,
// writeOther for each other mating first move (MultiPV), notes as they
// come (events.go). The one answer line, writeAnswer, follows when the
// search goroutine has returned, or for a plain go infinite or go ponder
// at stop or ponderhit.

// writeMain writes the main search's final info lines and keeps its
// result in j.main for the answer. A mating line is printed only after
// dfpn.VerifyMate accepts it; a rejected one is kept as undecided. A proven
// "no mate" is said at once as an info string (there is no USI score for
// it), and so is why the search ended undecided.
func (s *Server) writeMain(j *job, res dfpn.Result, hashfull int) {
	if res.Status == dfpn.Mate {
		if err := dfpn.VerifyMate(j.root, res.PV, j.defender, j.rules); err != nil {
			s.out.infoString("rejected the solver's line: " + err.Error())
			res.Status, res.Reason = dfpn.Unknown, "invalid line"
		}
	}
	j.main = &res
	stats := statsTokens(res.Nodes, res.Elapsed, hashfull)
	switch res.Status {
	case dfpn.Mate:
		if !res.Shortest {
			why := ""
			if res.Reason != "" {
				why = " (" + res.Reason + ")"
			}
			if n := res.BoundNote(); n != "" {
				why += "; " + n
			}
			if n := res.ProofNote(); n != "" {
				why += "; " + n
			}
			s.out.infoString("mate found; not proven shortest" + why)
		}
		for _, n := range res.LineNotes {
			s.out.infoString("line " + n)
		}
		if n := res.SpareNote(); n != "" {
			s.out.infoString(n)
		}
		if n := res.FutileEndNote(); n != "" {
			s.out.infoString(n)
		}
		if j.multiPV {
			stats = append(stats, "multipv", "1")
		}
		s.out.line(append(append(stats, scoreTokens(j, res.PV)...), pvTokens(res.PV)...)...)
		j.lines = 1
	case dfpn.NoMate:
		s.out.line(stats...)
		s.out.infoString("no mate: proven")
	default:
		s.out.line(stats...)
		why := res.Reason
		if why == "" {
			why = "undecided"
		}
		s.out.infoString("no answer: " + why)
	}
}

// writeOther writes a mate with another first move as
// "info multipv K depth N score mate N pv ...", K counting the lines
// printed (the main line is 1). It is printed only after dfpn.VerifyMate
// accepts it, and only after a printed main line.
func (s *Server) writeOther(j *job, res dfpn.Result) {
	if j.lines == 0 {
		return // the main line was rejected: there is no multipv 1
	}
	if err := dfpn.VerifyMate(j.root, res.PV, j.defender, j.rules); err != nil {
		s.out.infoString("MultiPV: rejected the solver's line: " + err.Error())
		return
	}
	j.lines++
	s.out.line(append(append([]string{"info", "multipv", strconv.Itoa(j.lines)}, scoreTokens(j, res.PV)...), pvTokens(res.PV)...)...)
}

// writeAnswer writes the one answer line of a job from its main result:
// "checkmate <moves>|nomate|timeout" for go mate, "bestmove <move>|resign"
// for a plain go. The line is the one writeMain printed (so verified);
// nomate only when the solver proved it; no main result (a search that
// did not return) answers like an undecided one.
func (s *Server) writeAnswer(j *job) {
	j.answered = true
	var res dfpn.Result
	if j.main != nil {
		res = *j.main
	}
	switch res.Status {
	case dfpn.Mate:
		if j.mate {
			s.out.line(append([]string{"checkmate"}, lineText(res.PV)...)...)
		} else {
			s.out.line("bestmove", res.PV[0].String())
		}
	case dfpn.NoMate:
		if j.mate {
			s.out.line("checkmate", "nomate")
		} else {
			s.out.line("bestmove", "resign")
		}
	default:
		s.answerNothing(j.mate)
	}
}

// answerNothing writes the answer for "no result": checkmate timeout for
// go mate (never nomate, which would claim a proof), bestmove resign else.
func (s *Server) answerNothing(mate bool) {
	if mate {
		s.out.line("checkmate", "timeout")
	} else {
		s.out.line("bestmove", "resign")
	}
}

// writeProgress writes one progress line: the statistics, then the best
// known line if there is one and it checks out.
func (s *Server) writeProgress(j *job, info dfpn.Info) {
	tokens := statsTokens(info.Nodes, info.Elapsed, info.Hashfull)
	if len(info.PV) > 0 && dfpn.VerifyMate(j.root, info.PV, j.defender, j.rules) == nil {
		tokens = append(append(tokens, scoreTokens(j, info.PV)...), pvTokens(info.PV)...)
	}
	s.out.line(tokens...)
	if p := [2]int{info.Proving, info.ProvenFrom}; p != j.proof && info.ProvenFrom > 0 {
		j.proof = p
		s.out.infoString(fmt.Sprintf("length proof of %d plies: complete from ply %d of the line on", info.Proving, info.ProvenFrom))
	}
}

// statsTokens is "info time T nodes N nps X hashfull H".
func statsTokens(nodes uint64, elapsed time.Duration, hashfull int) []string {
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	return []string{
		"info",
		"time", strconv.FormatInt(elapsed.Milliseconds(), 10),
		"nodes", strconv.FormatUint(nodes, 10),
		"nps", strconv.FormatUint(nps, 10),
		"hashfull", strconv.Itoa(hashfull),
	}
}

// scoreTokens is "depth N score mate N" for a mating line of N plies,
// negative when the side to move is the one mated.
func scoreTokens(j *job, line []position.Move) []string {
	n := len(line)
	score := n
	if j.defender {
		score = -n
	}
	return []string{"depth", strconv.Itoa(n), "score", "mate", strconv.Itoa(score)}
}

// pvTokens is "pv m1 m2 ...": always last on its line.
func pvTokens(line []position.Move) []string {
	return append([]string{"pv"}, lineText(line)...)
}

// lineText is the USI text of a line: moves separated by single spaces.
func lineText(line []position.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}
