package tests

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gomate/generate"
	"gomate/tests/soundcheck"
)

// The sets under problems/ (problems/README.md): every line a problem of
// the file's length, no two the same by generate's rule on duplicates,
// each file listed in the README with its line count and the command
// that made it; and a sample of each file (every problem with
// GOMATE_LONG=1) sound by the independent path of package soundcheck.

// problemsDir is the folder of the committed sets.
const problemsDir = "../problems"

// sampled is how many problems of each file are verified in a normal run.
const sampled = 6

// setFile matches a set's name: the method, then the length.
var setFile = regexp.MustCompile(`^([a-z]+)-(\d+)\.jsonl$`)

func TestProblemSets(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(problemsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(problemsDir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no sets under %s: %v", problemsDir, err)
	}
	for _, name := range files {
		base := filepath.Base(name)
		m := setFile.FindStringSubmatch(base)
		if m == nil {
			continue // other collections (shapes...) are tested by their own tests
		}
		plies, _ := strconv.Atoi(m[2])
		t.Run(base, func(t *testing.T) {
			probs := readSet(t, name, plies)
			row := fmt.Sprintf("| [%s](%s) | %d | %d |", base, base, plies, len(probs))
			if !bytes.Contains(readme, []byte(row)) {
				t.Errorf("README.md has no row %q", row)
			}
			for i, p := range probs {
				if os.Getenv("GOMATE_LONG") == "" && !inSample(i, len(probs)) {
					continue
				}
				soundcheck.Verify(t, p.SFEN, p.LineUSI, plies)
			}
		})
	}
}

// readSet reads the problems of a set: each line a problem of plies plies
// of method reverse, none a duplicate of an earlier one.
func readSet(t *testing.T, name string, plies int) []*generate.Problem {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dups := generate.NewDedup()
	var probs []*generate.Problem
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for n := 1; sc.Scan(); n++ {
		p, err := generate.ReadProblem(sc.Bytes())
		switch {
		case err != nil:
			t.Errorf("%s:%d: %v", name, n, err)
			continue
		case p.Plies != plies:
			t.Errorf("%s:%d: %d plies", name, n, p.Plies)
		case !dups.Add(p):
			t.Errorf("%s:%d: a duplicate of an earlier line", name, n)
		}
		probs = append(probs, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return probs
}

// inSample tells whether problem i of n is one of the sampled: spread
// evenly over the file, the first and the last included.
func inSample(i, n int) bool {
	if n <= sampled {
		return true
	}
	for k := range sampled {
		if i == k*(n-1)/(sampled-1) {
			return true
		}
	}
	return false
}

// TestProblemsReadmeCommands: each set's row in problems/README.md gives
// the gomate generate command that made it, with its seed, or names the
// runs that made it (L1, L2...), each run a row of the README's table of
// runs with its command and seed.
func TestProblemsReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(problemsDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string]bool{}
	var sets []string
	for _, line := range strings.Split(string(readme), "\n") {
		if m := runRow.FindStringSubmatch(line); m != nil {
			if !strings.Contains(line, "gomate generate ") || !strings.Contains(line, "-seed ") {
				t.Errorf("run %s without its command and seed: %s", m[1], line)
			}
			runs[m[1]] = true
		}
		if strings.HasPrefix(line, "| [") && strings.Contains(line, ".jsonl](") {
			sets = append(sets, line)
		}
	}
	for _, line := range sets {
		if strings.Contains(line, "gomate generate ") && strings.Contains(line, "-seed ") {
			continue
		}
		named := runName.FindAllString(line, -1)
		if len(named) == 0 {
			t.Errorf("a set's row without its command and seed or its runs: %s", line)
		}
		for _, r := range named {
			if !runs[r] {
				t.Errorf("a set's row names run %s, which the table of runs does not have: %s", r, line)
			}
		}
	}
}

// runRow matches a row of the table of runs; runName a run's name.
var (
	runRow  = regexp.MustCompile(`^\| (L\d+) \| `)
	runName = regexp.MustCompile(`\bL\d+\b`)
)
