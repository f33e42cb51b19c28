package usi

import (
	"fmt"
	"sync/atomic"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// job is one go command: its search goroutine and the answer owed for it.
// Only the server's loop goroutine touches a job, except the stop flag,
// which the search reads.
type job struct {
	id       int
	mate     bool // go mate: owes one checkmate line; else one bestmove
	wait     bool // plain go infinite or ponder: bestmove only after stop (or ponderhit)
	params   goParams
	root     *position.Position // the searched position (the search has a clone)
	defender bool               // the side to move is the defender
	rules    dfpn.Rules         // the rules the answer is verified under
	multiPV  bool               // the main line is printed as multipv 1
	stop     atomic.Bool

	running  bool // the search goroutine has not returned yet
	stopping bool // stop was requested (by the GUI, a deadline or quit)
	answered bool // the checkmate or bestmove line was written
	// main is the main search's result once its final lines are out (a
	// line that failed verification is kept as Unknown); the answer is
	// made from it. Progress reports are dropped from then on.
	main *dfpn.Result
	// lines counts the mating lines printed: the main line and the
	// multipv lines after it.
	lines int
	timer *time.Timer // the deadline, then the stop grace period
	// proof is the length proof's progress last reported (Info.Proving
	// and Info.ProvenFrom), so that a report is written when it moves.
	proof [2]int
}

// progressReport is a progress callback's report, tagged with its search.
type progressReport struct {
	id   int
	info dfpn.Info
}

// arm (re)starts the job's timer.
func (j *job) arm(d time.Duration) {
	j.disarm()
	j.timer = time.NewTimer(d)
}

func (j *job) disarm() {
	if j.timer != nil {
		j.timer.Stop()
		j.timer = nil
	}
}

// timerC is the current job's timer channel, or nil (never ready).
func (s *Server) timerC() <-chan time.Time {
	if s.cur == nil || s.cur.timer == nil {
		return nil
	}
	return s.cur.timer.C
}

// goCmd starts a search for the current position.
func (s *Server) goCmd(args []string) {
	g := parseGo(args)
	for _, p := range g.problems {
		s.out.infoString("go: " + p)
	}
	if s.pos == nil {
		s.out.infoString("no position set")
		s.answerNothing(g.mate)
		return
	}
	s.allocate()
	if s.solver == nil {
		s.out.infoString("no table: cannot search")
		s.answerNothing(g.mate)
		return
	}
	s.nextID++
	j := &job{
		id:       s.nextID,
		mate:     g.mate,
		wait:     !g.mate && (g.infinite || g.ponder),
		params:   g,
		root:     s.pos.Clone(),
		defender: s.opts.defender,
		rules:    s.opts.techniques.Rules,
		running:  true,
	}
	lim := dfpn.Limits{Nodes: s.opts.nodesLimit, Stop: &j.stop}
	if g.nodes > 0 {
		lim.Nodes = g.nodes
	}
	switch {
	case g.mate:
		lim.Time = g.mateTime
	case !j.wait:
		lim.Time = g.budget(j.root.SideToMove())
	}
	if lim.Time > 0 {
		// A backstop in case the search overruns its own time limit.
		j.arm(lim.Time + max(200*time.Millisecond, lim.Time/20))
	}
	if s.opts.pvInterval > 0 {
		lim.ProgressInterval = s.opts.pvInterval
		lim.Progress = s.reporter(j.id)
	}
	opt := s.opts.searchOptions(j.defender)
	f := followUp{multiPV: s.opts.multiPV}
	if g.mate {
		f.checkAlts = s.opts.checkAlts
	} else {
		f.untilStop = j.wait
	}
	j.multiPV = f.multiPV > 1 && !j.defender
	s.cur = j
	go s.search(j.id, s.solver, j.root.Clone(), opt, lim, f)
}

// search runs in its own goroutine and reports to the loop over the event
// channel (events.go): the main search's result as soon as Solve returns,
// then, after a mate whose line checks out, each finding of the follow-up
// work f asks for, and last evDone. A panic in the solver is reported as
// an undecided result instead of killing the engine (after the mate, the
// mate stands).
func (s *Server) search(id int, sv Solver, pos *position.Position, opt dfpn.Options, lim dfpn.Limits, f followUp) {
	emit := s.emitter(id)
	start := time.Now()
	main := searchEvent{kind: evMain}
	panicked := false
	func() {
		defer func() {
			if p := recover(); p != nil {
				panicked = true
				main.res = dfpn.Result{Status: dfpn.Unknown, Reason: fmt.Sprintf("internal error: %v", p)}
			}
		}()
		main.res = sv.Solve(pos, opt, lim)
		main.hashfull = sv.Hashfull()
	}()
	if !emit(main) {
		return
	}
	res := main.res
	if !panicked && res.Status == dfpn.Mate && f.wanted() && dfpn.VerifyMate(pos, res.PV, opt.RootIsDefender, opt.Rules) == nil {
		func() {
			defer func() {
				if p := recover(); p != nil {
					panicked = true
					emit(searchEvent{kind: evNote, note: fmt.Sprintf("internal error after the mate was found: %v", p)})
				}
			}()
			f.run(sv, pos, opt, lim, start, res, emit)
		}()
	}
	emit(searchEvent{kind: evDone, panicked: panicked})
}

// reporter returns the progress callback of search id. It copies the line
// and never blocks the search: a report the loop has no room for is dropped.
func (s *Server) reporter(id int) func(dfpn.Info) {
	return func(info dfpn.Info) {
		info.PV = append([]position.Move(nil), info.PV...)
		select {
		case s.progress <- progressReport{id: id, info: info}:
		default:
		}
	}
}

// requestStop asks the current search to stop. Its answer follows when the
// search returns, or after Config.StopGrace if it does not; a finished
// search's held bestmove is written at once.
func (s *Server) requestStop() {
	j := s.cur
	if j == nil || j.answered || j.stopping {
		return
	}
	j.stopping = true
	j.stop.Store(true)
	if !j.running {
		s.writeAnswer(j)
		s.endJob()
		return
	}
	j.arm(s.cfg.StopGrace)
}

// ponderhit turns a go ponder into a timed search.
func (s *Server) ponderhit() {
	j := s.cur
	if j == nil || j.mate || !j.params.ponder || !j.wait || j.answered {
		return
	}
	j.wait = false
	if !j.running {
		s.writeAnswer(j)
		s.endJob()
		return
	}
	if t := j.params.budget(j.root.SideToMove()); t > 0 && !j.stopping {
		j.arm(t)
	}
}

// onProgress writes a progress report of the current search. Reports that
// come after the main search's final lines are stale (the channel of
// progress reports is not ordered with the events) and are dropped.
func (s *Server) onProgress(p progressReport) {
	if j := s.cur; j != nil && p.id == j.id && !j.answered && j.running && j.main == nil {
		s.writeProgress(j, p.info)
	}
}

// onTimer handles the job's timer: first the deadline (stop the search),
// then the end of the stop grace period (answer without the search, from
// its main result if that came).
func (s *Server) onTimer() {
	j := s.cur
	j.timer = nil
	if !j.stopping {
		s.requestStop()
		return
	}
	if !j.answered {
		s.out.infoString(fmt.Sprintf("the search did not stop within %v; answering without waiting for it", s.cfg.StopGrace))
		s.writeAnswer(j)
	}
}

// endJob forgets the finished job and replays the commands that waited.
func (s *Server) endJob() {
	s.cur.disarm()
	s.cur = nil
	s.replayQueue()
}
