package usi

import "gomate/dfpn"

// The search goroutine reports to the loop over one ordered channel,
// Server.events: first the main search's result, then each finding of the
// follow-up work as soon as it is made, and last that the goroutine has
// returned. A single channel keeps them in the order they were found (two
// channels and a select could reorder them). Progress reports come over a
// channel of their own, Server.progress, because they may be dropped; the
// loop drops those that come after the main result (onProgress).

// eventKind says what a searchEvent reports.
type eventKind int

const (
	// evMain: the main search returned with res.
	evMain eventKind = iota
	// evOther: the follow-up work found res, a mate whose first move
	// differs from the main line's and the earlier ones' (MultiPV).
	evOther
	// evNote: the follow-up work has something to say (an info string).
	evNote
	// evDone: the search goroutine has returned; always its last event.
	evDone
)

// searchEvent is one report of a search goroutine, tagged with its job.
type searchEvent struct {
	id       int
	kind     eventKind
	res      dfpn.Result // evMain, evOther
	hashfull int         // evMain: the table's fill when the main search returned
	note     string      // evNote
	panicked bool        // evDone: the solver panicked, so its state is suspect
}

// emitter returns the function with which search id sends its events, in
// order. It blocks until the loop has room for the event, or returns
// false once Run has returned (the caller then gives up), so the search
// never blocks forever.
func (s *Server) emitter(id int) func(searchEvent) bool {
	return func(e searchEvent) bool {
		e.id = id
		select {
		case s.events <- e:
			return true
		case <-s.done:
			return false
		}
	}
}

// onEvent handles an event in the loop. Events of a search that is no
// longer current are dropped, so nothing is ever printed for a later
// position; so are the info lines of a job already answered.
func (s *Server) onEvent(e searchEvent) {
	j := s.cur
	if j == nil || e.id != j.id {
		return
	}
	if e.kind == evDone {
		s.onDone(j, e.panicked)
		return
	}
	s.writeEvent(j, e)
}

// writeEvent writes the info lines an event brings, at once: the main
// search's final lines (answer.go), another mating first move as a
// multipv line, or a note. It writes no answer line.
func (s *Server) writeEvent(j *job, e searchEvent) {
	if j.answered {
		return // a late line after a stop grace ran out
	}
	switch e.kind {
	case evMain:
		s.writeMain(j, e.res, e.hashfull)
	case evOther:
		s.writeOther(j, e.res)
	case evNote:
		s.out.infoString(e.note)
	}
}

// onDone handles the end of the search goroutine: the answer line is
// written now, except for a plain go infinite or go ponder, whose bestmove
// is held until stop or ponderhit (its info lines are already out).
func (s *Server) onDone(j *job, panicked bool) {
	j.running = false
	if panicked {
		s.solver, s.solverMB = nil, 0 // its state is suspect: build a new one
	}
	if !j.answered {
		if j.wait && !j.stopping {
			j.disarm()
			return
		}
		s.writeAnswer(j)
	}
	s.endJob()
}
