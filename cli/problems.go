package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"gomate/position"
)

// problem is one position to solve.
type problem struct {
	name string
	// where is "FILE:LINE" for a problem read from a file, "" for one
	// given on the command line.
	where    string
	pos      *position.Position
	expected int // expected mate length in plies; 0 = not given
	// line is the intended (recorded) line, when a column after the SFEN
	// holds one: moves in USI notation that are legal from pos.
	line []position.Move
}

// parsePositionText reads a position written as an SFEN ("board side hands
// [n]"), "sfen ...", "startpos", or a whole "position ..." command, with an
// optional "moves ..." tail.
func parsePositionText(s string) (*position.Position, error) {
	f := strings.Fields(s)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	if len(f) == 0 {
		return nil, fmt.Errorf("empty position")
	}
	if f[0] != "sfen" && f[0] != "startpos" {
		f = append([]string{"sfen"}, f...)
	}
	return position.ParsePositionCommand(f)
}

// parseProblemLine reads one line of a problem file. It returns ok=false
// for blank lines and # comments. A line that starts with "{" is a JSON
// object with the SFEN in "sfen" (jsonProblem). A line with tabs is a TSV row: the first
// column that reads as a position is the SFEN, the column after it, if an
// integer, is the expected length, and the first column before it names
// the problem (the formats of zukou100.tsv, zukou_solutions.tsv and
// long_problems.tsv, and plain "sfen<TAB>plies").
func parseProblemLine(text string) (p problem, ok bool, err error) {
	text = strings.TrimSpace(text)
	if text == "" || strings.HasPrefix(text, "#") {
		return problem{}, false, nil
	}
	if strings.HasPrefix(text, "{") {
		p, err := parseJSONProblem(text)
		return p, true, err
	}
	if !strings.Contains(text, "\t") {
		pos, err := parsePositionText(text)
		return problem{pos: pos}, true, err
	}
	cols := strings.Split(text, "\t")
	for k, c := range cols {
		pos, err := parsePositionText(c)
		if err != nil {
			continue
		}
		p = problem{pos: pos}
		if k > 0 {
			p.name = strings.TrimSpace(cols[0])
		}
		if k+1 < len(cols) {
			if n, err := strconv.Atoi(strings.TrimSpace(cols[k+1])); err == nil && n > 0 {
				p.expected = n
			}
		}
		for _, c := range cols[k+1:] {
			if line, err := pos.ParseLine(strings.Fields(c)); err == nil && len(line) > 1 {
				p.line = line
				break
			}
		}
		return p, true, nil
	}
	return problem{}, true, fmt.Errorf("no column reads as a position")
}

// jsonProblem is a JSON line of a problem file (as "gomate generate"
// writes them): the position in "sfen", optionally named by "id", with
// its length in "plies" and its main line in "line_usi" (USI moves
// separated by spaces); other fields are ignored.
type jsonProblem struct {
	ID      string `json:"id"`
	SFEN    string `json:"sfen"`
	Plies   int    `json:"plies"`
	LineUSI string `json:"line_usi"`
}

// parseJSONProblem reads a problem file's line that is a JSON object.
func parseJSONProblem(text string) (problem, error) {
	var j jsonProblem
	if err := json.Unmarshal([]byte(text), &j); err != nil {
		return problem{}, fmt.Errorf("not a JSON object: %w", err)
	}
	if j.SFEN == "" {
		return problem{}, fmt.Errorf("a JSON line without \"sfen\"")
	}
	pos, err := parsePositionText(j.SFEN)
	if err != nil {
		return problem{}, err
	}
	p := problem{name: j.ID, pos: pos, expected: max(j.Plies, 0)}
	if j.LineUSI != "" {
		if p.line, err = pos.ParseLine(strings.Fields(j.LineUSI)); err != nil {
			return problem{}, fmt.Errorf("\"line_usi\": %w", err)
		}
	}
	return p, nil
}

// readProblems reads a problem file. Problems without a name get
// "<prefix>:<line number>". Every bad line is reported in errs.
func readProblems(r io.Reader, prefix string) (probs []problem, errs []error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		p, ok, err := parseProblemLine(sc.Text())
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %w", prefix, n, err))
			continue
		}
		if !ok {
			continue
		}
		p.where = fmt.Sprintf("%s:%d", prefix, n)
		if p.name == "" {
			p.name = p.where
		}
		probs = append(probs, p)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", prefix, err))
	}
	return probs, errs
}

// label names p in a message: its place in its file and its name, once
// when they are the same.
func (p *problem) label() string {
	if p.where == "" || p.where == p.name {
		return p.name
	}
	return p.where + ": " + p.name
}

// loadProblems reads the problems the arguments name (readInput) and
// reports each error on stderr, and "no positions" when there is neither a
// problem nor an error. failed tells whether there was an error.
func loadProblems(cmd string, args []string, stderr io.Writer) (probs []problem, failed bool) {
	probs, errs := readInput(args)
	for _, err := range errs {
		fmt.Fprintf(stderr, "gomate %s: %v\n", cmd, err)
	}
	if len(probs) == 0 && len(errs) == 0 {
		fmt.Fprintf(stderr, "gomate %s: no positions\n", cmd)
	}
	return probs, len(errs) > 0
}

// problemsFor checks a command's limits and reads its problems
// (loadProblems). status is the exit status when there is nothing to do:
// 2 for bad limits, none for no problem; 0 otherwise.
func problemsFor(cmd string, l *limitFlags, args []string, stderr io.Writer, none int) (probs []problem, failed bool, status int) {
	if !l.valid(cmd, stderr) {
		return nil, false, 2
	}
	probs, failed = loadProblems(cmd, args, stderr)
	if len(probs) == 0 {
		return nil, failed, none
	}
	return probs, failed, 0
}

// readInput turns the arguments into problems: a single argument naming
// a file is read as a problem file; anything else is one position.
func readInput(args []string) ([]problem, []error) {
	if len(args) == 1 && !strings.ContainsAny(strings.TrimSpace(args[0]), " \t") {
		if f, err := os.Open(args[0]); err == nil {
			defer f.Close()
			return readProblems(f, args[0])
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, []error{err}
		}
	}
	text := strings.Join(args, " ")
	pos, err := parsePositionText(text)
	if err != nil {
		if len(args) == 1 && !strings.ContainsAny(text, " \t") {
			err = fmt.Errorf("%q is neither a file nor a position: %w", text, err)
		}
		return nil, []error{err}
	}
	return []problem{{name: "position", pos: pos}}, nil
}
