package usi

import (
	"fmt"
	"time"
)

// allocate creates the solver, or resizes it when USI_Hash changed, and
// then passes on the table's warning (see warnTable). It runs the
// allocation in a goroutine and sends an empty line every
// Config.KeepAlive meanwhile, as GUIs drop engines that stay silent for
// long after isready. If the allocation panics, it retries with half the
// size, down to 1 MiB, and says so.
func (s *Server) allocate() {
	if s.solver == nil || s.solverMB != s.opts.hashMB {
		s.resize()
		s.tableJudged = false
	}
	s.warnTable()
}

// warnTable prints the table's warning (*dfpn.Solver: mostly not in huge
// pages) once per table, as an info string. The table is faulted in in
// the background after the allocation, so it may not be judged yet: then
// the next isready or go asks again.
func (s *Server) warnTable() {
	if s.tableJudged {
		return
	}
	w, ok := s.solver.(tableWarner)
	if !ok {
		s.tableJudged = true
		return
	}
	msg, judged := w.TableWarning()
	if !judged {
		return
	}
	s.tableJudged = true
	if msg != "" {
		s.out.infoString(msg)
	}
}

// resize allocates the solver with the table USI_Hash asks for.
func (s *Server) resize() {
	want := s.opts.hashMB
	type allocation struct {
		solver Solver
		mb     int
		err    error
	}
	done := make(chan allocation, 1)
	old, newSolver := s.solver, s.cfg.NewSolver
	go func() {
		var a allocation
		for mb := want; mb >= 1; mb /= 2 {
			a.solver, a.err = tryAllocate(newSolver, old, mb)
			if a.err == nil {
				a.mb = mb
				break
			}
			old = nil // a failed Resize leaves the old solver unusable
		}
		done <- a
	}()
	tick := time.NewTicker(s.cfg.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case a := <-done:
			switch {
			case a.solver == nil:
				s.solver, s.solverMB = nil, 0
				s.out.infoString(fmt.Sprintf("could not allocate the table: %v", a.err))
			case a.mb != want:
				s.solver, s.solverMB = a.solver, a.mb
				s.out.infoString(fmt.Sprintf("could not allocate %d MB; using %d MB", want, a.mb))
			default:
				s.solver, s.solverMB = a.solver, a.mb
			}
			return
		case <-tick.C:
			s.out.raw("")
		}
	}
}

// tableWarner is a Solver that can say when its table is in a poor state
// for speed (*dfpn.Solver: mostly not in huge pages), and whether it can
// tell yet (judged).
type tableWarner interface {
	TableWarning() (msg string, judged bool)
}

// tryAllocate resizes old (or creates a new solver when old is nil) to mb
// MiB, turning a panic into an error.
func tryAllocate(newSolver func(int) Solver, old Solver, mb int) (sv Solver, err error) {
	defer func() {
		if r := recover(); r != nil {
			sv, err = nil, fmt.Errorf("%d MB: %v", mb, r)
		}
	}()
	if old != nil {
		old.Resize(mb)
		return old, nil
	}
	return newSolver(mb), nil
}
