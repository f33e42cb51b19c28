package cli

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"gomate/compose"
	"gomate/dfpn"
)

// checkOutcome is what checking one problem gave: its report, written in
// input order, and what the summary counts.
type checkOutcome struct {
	report  []byte
	verdict compose.Verdict
	// reason names the kind of the first reason of a verdict that is not
	// sound (checkReason, judgeReason); "" when sound.
	reason string
	// plies is the proven length, 0 when none was proven.
	plies   int
	elapsed time.Duration
	nodes   uint64 // of every search of the problem
}

// provenLength is the length of a solve's mate when it was proven the
// shortest, 0 otherwise.
func provenLength(res *dfpn.Result) int {
	if res.Status == dfpn.Mate && res.Shortest {
		return len(res.PV)
	}
	return 0
}

// verdictRank orders the verdicts as the summary lists them: sound,
// unsound, unknown.
func verdictRank(v compose.Verdict) int {
	switch v {
	case compose.Sound:
		return 0
	case compose.Unsound:
		return 1
	}
	return 2
}

// checkSummary counts the outcomes of a run of check.
type checkSummary struct {
	problems  int
	byVerdict [3]int // indexed by compose.Verdict
	byReason  map[verdictReason]int
	byLength  map[int]*[3]int // plies (0: none proven) to the counts by verdict
	elapsed   time.Duration
	nodes     uint64
}

// verdictReason is a row of the summary's first table.
type verdictReason struct {
	verdict compose.Verdict
	reason  string
}

// add counts one outcome.
func (s *checkSummary) add(o *checkOutcome) {
	if s.byReason == nil {
		s.byReason, s.byLength = map[verdictReason]int{}, map[int]*[3]int{}
	}
	s.problems++
	s.byVerdict[o.verdict]++
	s.byReason[verdictReason{o.verdict, o.reason}]++
	n := s.byLength[o.plies]
	if n == nil {
		n = new([3]int)
		s.byLength[o.plies] = n
	}
	n[o.verdict]++
	s.elapsed += o.elapsed
	s.nodes += o.nodes
}

// write writes the summary: a line of totals, then a table of the
// problems by verdict and reason and a table of them by length.
func (s *checkSummary) write(w io.Writer) {
	fmt.Fprintf(w, "check: %d problems: %d sound, %d unsound, %d unknown; time %s; %d nodes\n",
		s.problems, s.byVerdict[compose.Sound], s.byVerdict[compose.Unsound], s.byVerdict[compose.Undecided],
		fmtDuration(s.elapsed), s.nodes)

	rows := make([]verdictReason, 0, len(s.byReason))
	for k := range s.byReason {
		rows = append(rows, k)
	}
	slices.SortFunc(rows, func(a, b verdictReason) int {
		return cmp.Or(cmp.Compare(verdictRank(a.verdict), verdictRank(b.verdict)), cmp.Compare(a.reason, b.reason))
	})
	fmt.Fprintln(w, "\n| verdict | reason | problems |\n|---|---|---:|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %d |\n", r.verdict, r.reason, s.byReason[r])
	}

	lengths := make([]int, 0, len(s.byLength))
	for n := range s.byLength {
		lengths = append(lengths, n)
	}
	// Ascending, the problems without a proven length ("-") last.
	last := func(n int) int {
		if n == 0 {
			return math.MaxInt
		}
		return n
	}
	slices.SortFunc(lengths, func(a, b int) int { return cmp.Compare(last(a), last(b)) })
	fmt.Fprintln(w, "\n| plies | problems | sound | unsound | unknown |\n|---:|---:|---:|---:|---:|")
	for _, n := range lengths {
		c := s.byLength[n]
		plies := "-"
		if n > 0 {
			plies = strconv.Itoa(n)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d |\n", plies, c[0]+c[1]+c[2],
			c[compose.Sound], c[compose.Unsound], c[compose.Undecided])
	}
}
