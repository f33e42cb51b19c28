package cli

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"gomate/compose"
	"gomate/dfpn"
)

// judgeProblem judges p by the full soundness judgement of the generator
// (compose.Judge, all seven points) on a cleared table, for the length the
// file gives (p.expected; any length when none) and along the line it
// gives (p.line: the problem is the problem with its main line, and where
// equally long defences leave a solver a choice, the judgement does not
// depend on it), and returns its one-line report and what the summary
// counts.
func judgeProblem(s *dfpn.Solver, p problem, lim dfpn.Limits) checkOutcome {
	s.Clear()
	before := s.Nodes()
	r := compose.Judge(s, p.pos, compose.SoundnessOptions{Plies: p.expected, Line: p.line}, lim)
	o := checkOutcome{
		verdict: r.Verdict,
		reason:  judgeReason(&r),
		plies:   provenLength(&r.Composition.Main),
		elapsed: r.Elapsed,
		nodes:   s.Nodes() - before,
	}
	var b bytes.Buffer
	writeJudgement(&b, p, &r, &o)
	o.report = b.Bytes()
	return o
}

// writeJudgement writes the one line of a judgement: the problem's name,
// the verdict, the proven length, time and nodes, and the reasons of a
// verdict that is not sound.
func writeJudgement(w io.Writer, p problem, r *compose.Soundness, o *checkOutcome) {
	length := "no proven length"
	if o.plies > 0 {
		length = fmt.Sprintf("%d plies", o.plies)
	}
	fmt.Fprintf(w, "%s: %s, %s, %s, %d nodes", p.name, r.Verdict, length, fmtDuration(o.elapsed), o.nodes)
	if len(r.Reasons) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(r.Reasons, "; "))
	}
	fmt.Fprintln(w)
}

// judgePoint names what each point of the judgement (compose.Judge)
// rejects.
func judgePoint(n int) string {
	switch n {
	case 1:
		return "not a legal problem"
	case 2:
		return "not the length asked"
	case 3:
		return "alternative mate (余詰)"
	case 4:
		return "spare pieces (駒余り)"
	case 5:
		return "unnecessary piece"
	case 6:
		return "another mate in a side line (変化別詰)"
	}
	return "other"
}

// judgeReason names the kind of the reason that decided a judgement, for
// the summary: "point N: WHAT" for a failure (the first one), "point N:
// not proven" for a point a limit left open; "" when sound. A failure of
// point 2 is "no mate" when the solve proved there is none.
func judgeReason(r *compose.Soundness) string {
	if r.Verdict == compose.Sound {
		return ""
	}
	for _, why := range r.Reasons {
		var n int
		if _, err := fmt.Sscanf(why, "point %d:", &n); err != nil {
			continue
		}
		open := strings.HasPrefix(why, fmt.Sprintf("point %d: not proven:", n))
		switch {
		case r.Verdict == compose.Undecided && open:
			return fmt.Sprintf("point %d: not proven", n)
		case r.Verdict != compose.Unsound || open:
			continue
		case n == 2 && r.Composition.Main.Status == dfpn.NoMate:
			return "point 2: no mate"
		}
		return fmt.Sprintf("point %d: %s", n, judgePoint(n))
	}
	return "other"
}
