package cli

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// outcome is the result of one problem as the CLI reports it.
type outcome struct {
	problem
	res      dfpn.Result
	verifyOK bool   // a mating line passed dfpn.VerifyMate
	verify   string // why the line failed verification
}

// status is the word shown for the outcome.
func (o *outcome) status() string {
	switch {
	case o.res.Status == dfpn.Mate && !o.verifyOK:
		return "BADLINE"
	case o.res.Status == dfpn.Mate && !o.res.Shortest:
		return "mate(upper bound)"
	case o.res.Status == dfpn.Unknown && o.res.Reason != "":
		return "unknown(" + o.res.Reason + ")"
	}
	return o.res.Status.String()
}

// plies is the length of a verified mating line, 0 otherwise.
func (o *outcome) plies() int {
	if o.res.Status == dfpn.Mate && o.verifyOK {
		return len(o.res.PV)
	}
	return 0
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

func (t *totals) add(o *outcome) {
	t.n++
	t.nodes += o.res.Nodes
	t.elapsed += o.res.Elapsed
	if fm := o.res.FirstMate(); fm.Plies > 0 {
		t.firstN++
		t.firstElapsed += fm.Elapsed
	}
	switch {
	case o.res.Status == dfpn.Mate && !o.verifyOK:
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

// write prints the totals as a few lines.
func (t *totals) write(w io.Writer, label string) {
	fmt.Fprintf(w, "%s: %d problems: %d mate, %d nomate, %d unknown", label, t.n, t.mate, t.nomate, t.unknown)
	if t.bad > 0 {
		fmt.Fprintf(w, ", %d BAD LINES", t.bad)
	}
	fmt.Fprintf(w, "; time %s, nodes %d, nodes/s %d", fmtDuration(t.elapsed), t.nodes, nps(t.nodes, t.elapsed))
	if t.withExpected > 0 {
		fmt.Fprintf(w, "; length as expected %d/%d", t.matched, t.withExpected)
	}
	if t.firstN > 0 {
		fmt.Fprintf(w, "; first mate in %d, summed time to it %s", t.firstN, fmtDuration(t.firstElapsed))
	}
	if t.futileEnd > 0 {
		fmt.Fprintf(w, "; %d lines end in mate by tsume rules only (futile drops left)", t.futileEnd)
	}
	fmt.Fprintln(w)
}

// table is a tab-aligned table of outcomes.
type table struct{ tw *tabwriter.Writer }

func newTable(w io.Writer) *table {
	t := &table{tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)}
	fmt.Fprintln(t.tw, "problem\tresult\tplies\texpected\ttime\tnodes\tnodes/s\tfirst mate\tits plies\tplies reached at\tproven within\t")
	return t
}

func (t *table) row(o *outcome) {
	plies, exp := "-", "-"
	if n := o.plies(); n > 0 {
		plies = fmt.Sprint(n)
	}
	if o.expected > 0 {
		exp = fmt.Sprint(o.expected)
	}
	first, firstPlies := "-", "-"
	if fm := o.res.FirstMate(); fm.Plies > 0 {
		first, firstPlies = fmtDuration(fm.Elapsed), fmt.Sprint(fm.Plies)
	}
	fmt.Fprintf(t.tw, "%s\t%s\t%s\t%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t\n", o.name, o.status(), plies, exp,
		fmtDuration(o.res.Elapsed), o.res.Nodes, nps(o.res.Nodes, o.res.Elapsed), first, firstPlies, o.reachedAt(), o.boundAt())
}

// reachedAt is when the search first found a mate as short as the printed
// line ("-" when it found none: no mate, or a line the conventions on
// spare pieces made shorter than any the search proved).
func (o *outcome) reachedAt() string {
	if l, ok := o.foundWithin(o.plies()); ok {
		return fmtDuration(l.Elapsed)
	}
	return "-"
}

// boundAt is the proven bound (mate within so many plies) and when the
// search proved it, "-" when there is no verified mate. It differs from the
// printed line's length only for an upper bound whose line is shorter than
// the bound (its defences are only the longest the table knew).
func (o *outcome) boundAt() string {
	if o.plies() == 0 {
		return "-"
	}
	if l, ok := o.foundWithin(o.res.Bound); ok {
		return fmt.Sprintf("%d at %s", o.res.Bound, fmtDuration(l.Elapsed))
	}
	return "-"
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

func (t *table) flush() { t.tw.Flush() }

// lineString is the outcome's mating line in USI notation, or why not.
func (o *outcome) lineString() string {
	switch {
	case o.res.Status == dfpn.Mate && o.verifyOK:
		return position.LineString(o.res.PV)
	case o.res.Status == dfpn.Mate:
		return "line rejected: " + o.verify
	}
	return "-"
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

func fmtDuration(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}
