package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"gomate/dfpn"
	"gomate/position"
)

// How outcomes are printed: the word for a result, the summary line of a
// problem, the table, the mating lines and their notes in usi or kif
// format, and the totals. Every command that solves problems prints
// through this file.

// status is the word shown for the outcome.
func (o *outcome) status() string {
	switch {
	case o.badLine():
		return "BADLINE"
	case o.res.Status == dfpn.Mate && !o.res.Shortest:
		return "mate(upper bound)"
	case o.res.Status == dfpn.Unknown && o.res.Reason != "":
		return "unknown(" + o.res.Reason + ")"
	}
	return o.res.Status.String()
}

// writeSummary prints the line solve shows as each problem of a file is
// done: name, result, plies, time and nodes.
func writeSummary(w io.Writer, o *outcome) {
	fmt.Fprintf(w, "%s %s %d plies %s %d nodes\n", o.name, o.status(), o.plies(), fmtDuration(o.res.Elapsed), o.res.Nodes)
}

// writeAblationProblem prints the tab-separated line ablate shows for a
// problem under one configuration.
func writeAblationProblem(w io.Writer, config string, o *outcome) {
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\n", config, o.name, o.status(), fmtDuration(o.res.Elapsed), o.res.Nodes)
}

// writeResults prints solve's report after the problems are solved: the
// table, each problem's line and the totals, after blank lines.
func writeResults(w io.Writer, format lineFormat, outs []outcome, tot *totals) {
	fmt.Fprintln(w)
	t := newTable(w)
	for i := range outs {
		t.row(&outs[i])
	}
	t.flush()
	fmt.Fprintln(w)
	for i := range outs {
		writeOutcomeLine(w, format, &outs[i])
	}
	fmt.Fprintln(w)
	tot.write(w, "total")
}

// table is a tab-aligned table of outcomes, one row per problem.
type table struct{ tw *tabwriter.Writer }

// newTable starts a table on w with its header.
func newTable(w io.Writer) *table {
	t := &table{tabwriter.NewWriter(w, 2, 4, 2, ' ', tabwriter.AlignRight)}
	fmt.Fprintln(t.tw, "problem\tresult\tplies\texpected\ttime\tnodes\tnodes/s\tfirst mate\tits plies\tplies reached at\tproven within\t")
	return t
}

// row adds the row of an outcome.
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

// flush writes the table.
func (t *table) flush() { t.tw.Flush() }

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

// writeOutcomeLine prints a problem's line after its name: in the chosen
// format for a verified mating line, and as the USI format does otherwise
// ("-", or why the line was rejected). A line not proven shortest is
// followed by the reason, indented.
func writeOutcomeLine(w io.Writer, format lineFormat, o *outcome) error {
	if err := writeOutcomeMoves(w, format, o); err != nil {
		return err
	}
	if len(o.res.Lengths) > 1 {
		if _, err := fmt.Fprintf(w, "  (lengths found: %s)\n", lengthsString(o.res.Lengths)); err != nil {
			return err
		}
	}
	if o.plies() > 0 && !o.res.Shortest && o.res.Reason != "" {
		bound := ""
		if n := o.res.BoundNote(); n != "" {
			bound = "; " + n
		}
		if n := o.res.ProofNote(); n != "" {
			bound += "; " + n
		}
		_, err := fmt.Fprintf(w, "  (%s%s)\n", o.res.Reason, bound)
		return err
	}
	for _, n := range lineNotes(o.res) {
		if _, err := fmt.Fprintf(w, "  (%s)\n", n); err != nil {
			return err
		}
	}
	return nil
}

// writeOutcomeMoves prints the name and the line of writeOutcomeLine.
func writeOutcomeMoves(w io.Writer, format lineFormat, o *outcome) error {
	if format == formatUSI || o.plies() == 0 {
		_, err := fmt.Fprintf(w, "%s: %s\n", o.name, o.lineString())
		return err
	}
	if _, err := fmt.Fprintf(w, "%s: ", o.name); err != nil {
		return err
	}
	comment := fmt.Sprintf("%s: %s in %d plies (gomate)", o.name, o.status(), o.plies())
	return writeLine(w, format, o.pos, o.res.PV, comment)
}

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

// writeLine prints pv, a line of legal moves from root, in a format: "usi"
// writes the USI moves on one line; "kif" writes the line in Japanese
// notation, a blank line, then a KIF record of it (with comment as its
// starting comment) followed by a blank line.
func writeLine(w io.Writer, format lineFormat, root *position.Position, pv []position.Move, comment string) error {
	var err error
	switch format {
	case formatUSI:
		moves := make([]string, len(pv))
		for i, m := range pv {
			moves[i] = m.String()
		}
		_, err = fmt.Fprintln(w, strings.Join(moves, " "))
	case formatKIF:
		_, err = fmt.Fprintf(w, "%s\n\n%s\n", position.JapaneseLine(root, pv), position.KIF(root, pv, comment))
	default:
		err = fmt.Errorf("unknown line format %q", format)
	}
	return err
}

// lengthsString lists the mates a search found, the first and each
// shorter one, with the time and the node count at which each was found.
func lengthsString(ls []dfpn.LengthFound) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = fmt.Sprintf("%d at %s (%d nodes)", l.Plies, fmtDuration(l.Elapsed), l.Nodes)
	}
	return strings.Join(parts, ", ")
}

// lineNotes says where res's line left the longest defence for the
// conventions on spare pieces or for a line ending in a real mate, and
// what was not decided.
func lineNotes(res dfpn.Result) []string {
	notes := res.LineNotes
	if n := res.SpareNote(); n != "" {
		notes = append(notes[:len(notes):len(notes)], n)
	}
	if n := res.FutileEndNote(); n != "" {
		notes = append(notes[:len(notes):len(notes)], n)
	}
	return notes
}

// write prints the totals as a line that starts with label.
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

// nps is nodes per second (0 for no time).
func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

// fmtDuration is how a duration is printed: seconds to the millisecond.
func fmtDuration(d time.Duration) string {
	return fmt.Sprintf("%.3fs", d.Seconds())
}
