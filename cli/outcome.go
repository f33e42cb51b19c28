package cli

import (
	"time"

	"gomate/dfpn"
)

// outcome is the result of one problem as the commands report it
// (report.go prints it).
type outcome struct {
	problem
	res      dfpn.Result
	verifyOK bool   // a mating line passed dfpn.VerifyMate
	verify   string // why the line failed verification
}

// solveOne solves p with a cleared table and verifies the line.
func solveOne(s *dfpn.Solver, p problem, opt dfpn.Options, lim dfpn.Limits) outcome {
	s.Clear()
	o := outcome{problem: p}
	start := time.Now()
	o.res = s.Solve(p.pos.Clone(), opt, lim)
	if o.res.Elapsed <= 0 {
		o.res.Elapsed = time.Since(start)
	}
	if o.res.Status == dfpn.Mate {
		if err := dfpn.VerifyMate(p.pos, o.res.PV, opt.RootIsDefender, opt.Rules); err != nil {
			o.verify = err.Error()
		} else {
			o.verifyOK = true
		}
	}
	return o
}

// badLine tells whether the solver's mating line was rejected.
func (o *outcome) badLine() bool { return o.res.Status == dfpn.Mate && !o.verifyOK }

// plies is the length of a verified mating line, 0 otherwise.
func (o *outcome) plies() int {
	if o.res.Status == dfpn.Mate && o.verifyOK {
		return len(o.res.PV)
	}
	return 0
}

// foundWithin is the first length the search found that is at most n
// plies; ok is false when there is none (or n is 0: no verified mate).
func (o *outcome) foundWithin(n int) (l dfpn.LengthFound, ok bool) {
	if n == 0 {
		return l, false
	}
	for _, l := range o.res.Lengths {
		if l.Plies <= n {
			return l, true
		}
	}
	return l, false
}

// totals accumulates outcomes.
type totals struct {
	n, mate, nomate, unknown, bad int
	withExpected, matched         int
	nodes                         uint64
	elapsed                       time.Duration
	firstN                        int           // problems with a first mate
	firstElapsed                  time.Duration // summed time to the first mate
	// futileEnd counts the lines that end where the defender could still
	// play (a futile interposition under tsume rules).
	futileEnd int
}

// add counts one outcome.
func (t *totals) add(o *outcome) {
	t.n++
	t.nodes += o.res.Nodes
	t.elapsed += o.res.Elapsed
	if fm := o.res.FirstMate(); fm.Plies > 0 {
		t.firstN++
		t.firstElapsed += fm.Elapsed
	}
	switch {
	case o.badLine():
		t.bad++
	case o.res.Status == dfpn.Mate:
		t.mate++
		if dfpn.FutileReplies(o.pos, o.res.PV) != nil {
			t.futileEnd++
		}
	case o.res.Status == dfpn.NoMate:
		t.nomate++
	default:
		t.unknown++
	}
	if o.expected > 0 {
		t.withExpected++
		if o.plies() == o.expected {
			t.matched++
		}
	}
}
