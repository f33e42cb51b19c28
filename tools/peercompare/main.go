// Command peercompare puts two engines' usibench CSV files side by side:
// for each input file, how many positions each engine answered with the
// recorded length, how many lengths it proved, the time it took, and every
// position where the two printed lengths differ.
//
//	peercompare gomate=gomate.csv shtsume=shtsume.csv
//
// The files are those of `usibench -csv` over the same inputs. A line is
// an upper bound when the engine said it is not proven shortest (gomate's
// "info string mate found; not proven shortest"); a nomate that came at
// the time limit (shtsume answers a timeout with "checkmate nomate") is
// counted as no answer, not as a proof.
package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// row is one engine's answer to one position.
type row struct {
	file, name string // name: the position's name, or its line in the file
	expected   int
	status     string // usibench's status
	plies      int
	ms         float64
	info       string
}

// bound tells whether the engine said the line is not proven shortest.
func (r row) bound() bool { return strings.Contains(r.info, "not proven shortest") }

// answered tells whether the engine printed a mate or proved there is none
// (a nomate at the limit, or after "Perpetual check!", is no answer).
func (r row) answered() bool {
	switch r.status {
	case "mate-ok", "mate", "mate-len":
		return true
	case "nomate":
		return !strings.Contains(r.info, "Perpetual check")
	}
	return false
}

// cell is how the comparison prints the answer.
func (r row) cell() string {
	switch {
	case r.answered() && r.plies > 0 && r.bound():
		return "≤" + strconv.Itoa(r.plies)
	case r.answered() && r.plies > 0:
		return strconv.Itoa(r.plies)
	case r.answered():
		return "nomate"
	}
	return "-"
}

type engine struct {
	label string
	rows  map[string]row // by file and name
}

func key(file, line string) string { return file + "\x00" + line }

func readCSV(path string) (map[string]row, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, nil, fmt.Errorf("%s: empty", path)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, h := range []string{"file", "line", "name", "expected", "status", "plies", "ms"} {
		if _, ok := col[h]; !ok {
			return nil, nil, fmt.Errorf("%s: no %q column (not a usibench CSV?)", path, h)
		}
	}
	rows := map[string]row{}
	var order []string
	for i, rec := range recs[1:] {
		r := row{file: filepath.Base(rec[col["file"]]), name: rec[col["name"]], status: rec[col["status"]]}
		if r.name == "" {
			r.name = "line " + rec[col["line"]]
		}
		var e1, e2, e3 error
		r.expected, e1 = strconv.Atoi(rec[col["expected"]])
		r.plies, e2 = strconv.Atoi(rec[col["plies"]])
		if s := rec[col["ms"]]; s != "" {
			r.ms, e3 = strconv.ParseFloat(s, 64)
		}
		if err := errors.Join(e1, e2, e3); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", path, i+2, err)
		}
		if c, ok := col["info"]; ok {
			r.info = rec[c]
		}
		k := key(r.file, rec[col["line"]])
		if _, dup := rows[k]; !dup {
			order = append(order, k)
		}
		rows[k] = r
	}
	return rows, order, nil
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "peercompare:", err)
		os.Exit(2)
	}
}

func run(args []string, w io.Writer) error {
	if len(args) != 2 {
		return errors.New("usage: peercompare LABEL=A.csv LABEL=B.csv")
	}
	var es [2]engine
	var order []string
	for i, a := range args {
		label, path, ok := strings.Cut(a, "=")
		if !ok {
			return fmt.Errorf("%q: want LABEL=FILE.csv", a)
		}
		rows, o, err := readCSV(path)
		if err != nil {
			return err
		}
		es[i] = engine{label, rows}
		if i == 0 {
			order = o
		}
	}
	var files []string
	byFile := map[string][]string{}
	for _, k := range order {
		if _, ok := es[1].rows[k]; !ok {
			continue
		}
		f := es[0].rows[k].file
		if byFile[f] == nil {
			files = append(files, f)
		}
		byFile[f] = append(byFile[f], k)
	}
	for _, f := range files {
		compareFile(w, f, byFile[f], es)
	}
	return nil
}

// compareFile prints the table of one input file.
func compareFile(w io.Writer, file string, keys []string, es [2]engine) {
	type tally struct {
		answered, recorded, bounds, none int
		ms                               float64
	}
	var t [2]tally
	var only [2][]string
	both, neither := 0, 0
	var diffs []string
	for _, k := range keys {
		a, b := es[0].rows[k], es[1].rows[k]
		ok := [2]bool{}
		for i, r := range []row{a, b} {
			t[i].ms += r.ms
			switch {
			case !r.answered():
				t[i].none++
			case r.bound():
				t[i].bounds++
			}
			if r.answered() {
				t[i].answered++
			}
			if r.answered() && r.expected > 0 && r.plies == r.expected {
				t[i].recorded++
				ok[i] = true
			}
		}
		switch {
		case ok[0] && ok[1]:
			both++
		case ok[0]:
			only[0] = append(only[0], a.name)
		case ok[1]:
			only[1] = append(only[1], a.name)
		default:
			neither++
		}
		if a.cell() != b.cell() {
			diffs = append(diffs, fmt.Sprintf("| %s | %d | %s | %s |", a.name, a.expected, a.cell(), b.cell()))
		}
	}
	fmt.Fprintf(w, "### %s (%d positions)\n\n", file, len(keys))
	fmt.Fprintf(w, "| | %s | %s |\n|---|---:|---:|\n", es[0].label, es[1].label)
	fmt.Fprintf(w, "| answered (a mate or a proven nomate) | %d | %d |\n", t[0].answered, t[1].answered)
	fmt.Fprintf(w, "| printed length = recorded | %d | %d |\n", t[0].recorded, t[1].recorded)
	fmt.Fprintf(w, "| lines not proven shortest (upper bounds) | %d | %d |\n", t[0].bounds, t[1].bounds)
	fmt.Fprintf(w, "| no answer within the limit | %d | %d |\n", t[0].none, t[1].none)
	fmt.Fprintf(w, "| time summed | %.1f s | %.1f s |\n\n", t[0].ms/1000, t[1].ms/1000)
	fmt.Fprintf(w, "Recorded length: both %d, %s alone %d%s, %s alone %d%s, neither %d.\n\n",
		both, es[0].label, len(only[0]), list(only[0]), es[1].label, len(only[1]), list(only[1]), neither)
	if len(diffs) > 0 {
		fmt.Fprintf(w, "Printed lengths that differ (%d):\n\n| position | recorded | %s | %s |\n|---|---:|---:|---:|\n", len(diffs), es[0].label, es[1].label)
		for _, d := range diffs {
			fmt.Fprintln(w, d)
		}
		fmt.Fprintln(w)
	}
}

func list(names []string) string {
	if len(names) == 0 || len(names) > 30 {
		return ""
	}
	return " (" + strings.Join(names, ", ") + ")"
}
