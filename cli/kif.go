package cli

import (
	"fmt"
	"io"
	"strings"

	"gomate/dfpn"
	"gomate/position"
)

// lineFormats are the values of solve's -format flag.
var lineFormats = []string{"usi", "kif"}

// checkLineFormat returns an error unless format is one of lineFormats.
func checkLineFormat(format string) error {
	for _, f := range lineFormats {
		if format == f {
			return nil
		}
	}
	return fmt.Errorf("unknown -format %q (want %s)", format, strings.Join(lineFormats, " or "))
}

// writeLine prints pv, a line of legal moves from root, in a format: "usi"
// writes the USI moves on one line; "kif" writes the line in Japanese
// notation, a blank line, then a KIF record of it (with comment as its
// starting comment) followed by a blank line.
func writeLine(w io.Writer, format string, root *position.Position, pv []position.Move, comment string) error {
	var err error
	switch format {
	case "usi":
		moves := make([]string, len(pv))
		for i, m := range pv {
			moves[i] = m.String()
		}
		_, err = fmt.Fprintln(w, strings.Join(moves, " "))
	case "kif":
		_, err = fmt.Fprintf(w, "%s\n\n%s\n", position.JapaneseLine(root, pv), position.KIF(root, pv, comment))
	default:
		err = checkLineFormat(format)
	}
	return err
}

// writeOutcomeLine prints a problem's line after its name: in the chosen
// format for a verified mating line, and as the USI format does otherwise
// ("-", or why the line was rejected). A line not proven shortest is
// followed by the reason, indented.
func writeOutcomeLine(w io.Writer, format string, o *outcome) error {
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
	if res.SpareOpen != "" {
		notes = append(notes[:len(notes):len(notes)], "the line ends with spare pieces; the search for a line without them was cut short: "+res.SpareOpen)
	}
	if n := res.FutileEndNote(); n != "" {
		notes = append(notes[:len(notes):len(notes)], n)
	}
	return notes
}

// writeOutcomeMoves prints the name and the line of writeOutcomeLine.
func writeOutcomeMoves(w io.Writer, format string, o *outcome) error {
	if format == "usi" || o.plies() == 0 {
		_, err := fmt.Fprintf(w, "%s: %s\n", o.name, o.lineString())
		return err
	}
	if _, err := fmt.Fprintf(w, "%s: ", o.name); err != nil {
		return err
	}
	comment := fmt.Sprintf("%s: %s in %d plies (gomate)", o.name, o.status(), o.plies())
	return writeLine(w, format, o.pos, o.res.PV, comment)
}
