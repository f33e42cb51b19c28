// Command ratestats summarises the output of "gomate rate -format tsv":
// Spearman's rank correlations of the score and of the root statistics
// with the length and the solver's nodes, and the highest and lowest
// rated problems of each length that has at least -min of them, and with
// -page an HTML page of their board diagrams.
//
//	gomate rate -time 0 -nodes 5000000 testdata/classic/zukou100.tsv > z.tsv
//	go run ./tools/ratestats z.tsv
//
// The columns are found by the names of the header ("# id<TAB>plies..."),
// so older outputs with fewer columns read too. Rows whose "shortest"
// column says "no" (a length not proven) are left out of the statistics
// and counted, unless -all.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"gomate/diagram"
	"gomate/position"
)

func main() {
	top := flag.Int("top", 5, "how many of the highest and lowest rated to list per length")
	minCount := flag.Int("min", 10, "list the lengths with at least this many problems")
	all := flag.Bool("all", false, "keep the rows whose length is not proven (an upper bound)")
	page := flag.String("page", "", "also write an HTML page of board diagrams of the highest and lowest rated of each length listed to `FILE`")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: ratestats [-top 5] [-min 10] [-all] [-page FILE] RATE.tsv")
		os.Exit(2)
	}
	rows, skipped, err := read(flag.Arg(0), *all)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ratestats:", err)
		os.Exit(1)
	}
	fmt.Printf("%d problems rated", len(rows))
	if skipped > 0 {
		fmt.Printf(" (%d left out: length not proven)", skipped)
	}
	fmt.Println()
	fmt.Println("\nSpearman's rho | plies | nodes (tsume solve) | stats_nodes (strict first mate)")
	fmt.Println("---|---|---|---")
	for _, c := range []string{"score", "pn_max", "pn_mean", "dn_max", "dn_mean", "updates", "sacrifices", "board_pieces", "king_freedom"} {
		fmt.Printf("%s | %.2f | %.2f | %.2f\n", c, spearman(col(rows, c), col(rows, "plies")),
			spearman(col(rows, c), col(rows, "nodes")), spearman(col(rows, c), col(rows, "stats_nodes")))
	}
	fmt.Printf("plies | 1 | %.2f | %.2f\n", spearman(col(rows, "plies"), col(rows, "nodes")), spearman(col(rows, "plies"), col(rows, "stats_nodes")))
	byLength := map[int][]row{}
	for _, r := range rows {
		n := int(r.num["plies"])
		byLength[n] = append(byLength[n], r)
	}
	var lengths []int
	for n, rs := range byLength {
		if len(rs) >= *minCount {
			lengths = append(lengths, n)
		}
	}
	sort.Ints(lengths)
	var shown []diagram.Problem
	for _, n := range lengths {
		rs := byLength[n]
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].num["score"] > rs[j].num["score"] })
		fmt.Printf("\n%d plies: %d problems; score against nodes within the length: rho %.2f\n", n, len(rs),
			spearman(col(rs, "score"), col(rs, "nodes")))
		k := *top
		fmt.Println("\nrank | id | score | nodes | pn_max | pn_mean | updates | sacrifices | sfen")
		fmt.Println("---|---|---|---|---|---|---|---|---")
		for i, r := range rs {
			if i < k || i >= len(rs)-k {
				fmt.Printf("%d | %s | %.2f | %.0f | %.0f | %.2f | %.0f | %.0f | `%s`\n", i+1, r.id, r.num["score"], r.num["nodes"],
					r.num["pn_max"], r.num["pn_mean"], r.num["updates"], r.num["sacrifices"], r.sfen)
				shown = append(shown, r.diagram(fmt.Sprintf("%d plies, rank %d of %d", n, i+1, len(rs))))
			}
		}
	}
	if *page != "" {
		if err := writePage(*page, flag.Arg(0), shown); err != nil {
			fmt.Fprintln(os.Stderr, "ratestats:", err)
			os.Exit(1)
		}
	}
}

// writePage writes the page of the problems shown to name.
func writePage(name, source string, shown []diagram.Problem) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := diagram.Page(f, "The highest and lowest rated problems of "+source, shown); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// diagram is the row as a problem of a diagram page, with its score and
// the numbers the score is made of.
func (r row) diagram(name string) diagram.Problem {
	p := diagram.Problem{Name: name + ": " + r.id, SFEN: r.sfen}
	if pos, err := position.FromSFEN(r.sfen); err == nil {
		p.Solution, _ = pos.ParseLine(strings.Fields(r.line))
	}
	for _, c := range []string{"score", "nodes", "pn_max", "pn_mean", "updates", "sacrifices", "captures", "non_promotions", "distant_moves", "king_freedom", "board_pieces"} {
		p.Metrics = append(p.Metrics, diagram.Metric{Name: c, Value: strconv.FormatFloat(r.num[c], 'f', -1, 64)})
	}
	return p
}

// row is one rated problem: its id, SFEN and numeric columns by name.
type row struct {
	id, sfen, line string
	num            map[string]float64
}

// read reads the rows of a rate TSV file; skipped counts the rows whose
// length is not proven shortest, left out unless all.
func read(name string, all bool) (rows []row, skipped int, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if strings.HasPrefix(cols[0], "# id") {
			names = cols
			names[0] = "id"
			continue
		}
		if names == nil || len(cols) != len(names) {
			return nil, 0, fmt.Errorf("a row before the header, or of %d columns", len(cols))
		}
		r := row{num: map[string]float64{}}
		short := true
		for i, c := range cols {
			switch names[i] {
			case "id":
				r.id = c
			case "sfen":
				r.sfen = c
			case "line":
				r.line = c
			case "shortest":
				short = c == "yes"
			default:
				if v, err := strconv.ParseFloat(c, 64); err == nil {
					r.num[names[i]] = v
				}
			}
		}
		if !short && !all {
			skipped++
			continue
		}
		rows = append(rows, r)
	}
	return rows, skipped, sc.Err()
}

// col is the column name of rows.
func col(rows []row, name string) []float64 {
	v := make([]float64, len(rows))
	for i, r := range rows {
		v[i] = r.num[name]
	}
	return v
}

// spearman is Spearman's rank correlation of x and y: Pearson's of their
// ranks, ties given their mean rank.
func spearman(x, y []float64) float64 { return pearson(ranks(x), ranks(y)) }

// ranks are the ranks of x from 1, ties sharing their mean rank.
func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && x[idx[j]] == x[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			r[idx[k]] = float64(i+j+1) / 2
		}
		i = j
	}
	return r
}

// pearson is Pearson's correlation of x and y (0 when either is constant).
func pearson(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i] / n
		my += y[i] / n
	}
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}
