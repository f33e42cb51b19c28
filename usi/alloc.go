package usi

import (
	"fmt"
	"time"
)

// allocate creates the solver, or resizes it when USI_Hash changed. It
// runs the allocation in a goroutine and sends an empty line every
// Config.KeepAlive meanwhile, as GUIs drop engines that stay silent for
// long after isready. If the allocation panics, it retries with half the
// size, down to 1 MiB, and says so.
func (s *Server) allocate() {
	want := s.opts.hashMB
	if s.solver != nil && s.solverMB == want {
		return
	}
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
			if w, ok := s.solver.(tableWarner); ok {
				if msg := w.TableWarning(); msg != "" {
					s.out.infoString(msg)
				}
			}
			return
		case <-tick.C:
			s.out.raw("")
		}
	}
}

// tableWarner is a Solver that can say when its table is in a poor state
// for speed (*dfpn.Solver: mostly not in huge pages).
type tableWarner interface{ TableWarning() string }

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
