package cli

import (
	"fmt"
	"io"
	"os"

	"gomate/generate"
)

// readFrom reads the problems of -from (a problem file: JSON lines as
// generate writes them, SFEN lines, or TSV rows). A bad line is reported
// on stderr as FILE:LINE and skipped; ok is false when the file cannot be
// read or holds no problem (said on stderr).
func readFrom(path string, stderr io.Writer) (from []generate.Input, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(stderr, "gomate generate: -from:", err)
		return nil, false
	}
	defer f.Close()
	probs, errs := readProblems(f, path)
	for _, err := range errs {
		fmt.Fprintln(stderr, "gomate generate:", err)
	}
	for _, p := range probs {
		from = append(from, generate.Input{Pos: p.pos, Plies: p.expected, Name: p.name})
	}
	if len(from) == 0 {
		fmt.Fprintf(stderr, "gomate generate: -from %s: no problems\n", path)
		return nil, false
	}
	return from, true
}
