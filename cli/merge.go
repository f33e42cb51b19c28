package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"gomate/generate"
)

const mergeUsage = `
Merges JSON-line files of problems written by "gomate generate" (the
shards of a run spread over machines, or runs of other seeds) into one
JSON-line file, dropping duplicates by the rule of a run: the same
position up to the left-right mirror, or the same solution shape, as a
problem kept before.

The order is by seed, then by candidate index, then by the order of the
files on the command line and of the lines in a file; the first of
duplicates in that order is kept. Each problem's trials are counted
again, as the candidates since the previous problem kept of the same
method, length and seed; the first of each keeps the figure read. So the
merge of shards of a run (generate -index-from A -index-to B, the same
other flags, node limits only, -count 0 and -duplicates, ranges adjacent
from the run's start) is byte for byte the output of the run on the
whole range, and with -count K that of the run with -count K; if the
first shard made no problem, the first problem's trials count from its
own shard's start only (docs/scale-out.md). Lines
marked "duplicate" are merged as any other line (the mark is not
written); other lines are written as generate writes them.

-plies N keeps only the problems of N plies; -count K stops after K
problems. FILE "-" is standard input. Every file is read before -out is
written, so -out may be one of the files. A line that is not a generated
problem (not JSON, an unknown field, an SFEN or a line that does not
parse, a line that is not a mate of its plies) is reported on standard
error as FILE:LINE: why and skipped, and so is a file that cannot be
read; the rest is merged. A summary goes to standard error: problems
read, duplicates, written, and written by length. Exit status 0, 1 when
a file or a line could not be read, 2 on a usage error.`

// mergeCommand is "gomate merge".
type mergeCommand struct {
	out     string
	plies   int
	count   int
	profile profileFlag
}

func (c *mergeCommand) flags(fs *flag.FlagSet) {
	fs.StringVar(&c.out, "out", "", "write the problems to `FILE` (default standard output)")
	fs.IntVar(&c.plies, "plies", 0, "keep only the problems of `N` plies (0 = every length)")
	fs.IntVar(&c.count, "count", 0, "stop after `K` problems (0 = no limit)")
	c.profile.declare(fs)
}

func (c *mergeCommand) run(fs *flag.FlagSet, std stdio) int {
	if c.plies < 0 || c.plies > 0 && (c.plies%2 == 0 || c.plies > generate.MaxPlies) {
		fmt.Fprintf(std.err, "gomate merge: -plies %d: a mate has an odd length, from 1 to %d (0 = every length)\n", c.plies, generate.MaxPlies)
		return 2
	}
	if c.count < 0 {
		fmt.Fprintln(std.err, "gomate merge: -count must be >= 0")
		return 2
	}
	defer c.profile.start()()

	var m merger
	for _, name := range fs.Args() {
		m.readFile(name, std)
	}
	err := m.write(c.out, std, c.plies, c.count)
	fmt.Fprintf(std.err, "gomate merge: %s\n", m.summary())
	if err != nil {
		fmt.Fprintln(std.err, "gomate merge:", err)
		return 1
	}
	if m.bad > 0 {
		return 1
	}
	return 0
}

// A merger reads problem files and merges them. It keeps the lines read,
// not the problems: a problem read back holds a position of some
// kilobytes, its line a few hundred bytes.
type merger struct {
	read  []mergeLine // in the order read: by file, then line
	bad   int         // lines and files that could not be read
	files int
	// dups, other and over count the problems dropped as duplicates,
	// of other lengths than -plies and after -count.
	dups, other, over int
	written           [generate.MaxPlies + 1]int // by length
}

// mergeLine is a line read, with what orders it.
type mergeLine struct {
	text  []byte
	seed  uint64
	index int
}

// readFile reads the problems of the file name ("-": stdin), and reports
// the lines and the file it cannot read on std.err.
func (m *merger) readFile(name string, std stdio) {
	r := std.in
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(std.err, "gomate merge:", err)
			m.bad++
			return
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		r = strings.NewReader("")
	}
	m.files++
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	n := 0 // the line number
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if len(strings.TrimSpace(string(line))) == 0 {
			continue
		}
		p, err := generate.ReadProblem(line)
		if err != nil {
			fmt.Fprintf(std.err, "%s:%d: %v\n", name, n, err)
			m.bad++
			continue
		}
		m.read = append(m.read, mergeLine{text: append([]byte(nil), line...), seed: p.Seed, index: p.Index})
	}
	if err := sc.Err(); err != nil { // the rest of the file is not read
		fmt.Fprintf(std.err, "%s:%d: %v\n", name, n+1, err)
		m.bad++
	}
}

// runKey names the run a problem comes from, as far as its line tells.
type runKey struct {
	method string
	plies  int
	seed   uint64
}

// write writes the merge of the problems read (merge) to the file out
// ("": std.out), created once every file was read.
func (m *merger) write(out string, std stdio, plies, count int) error {
	w := std.out
	var f *os.File
	if out != "" {
		var err error
		if f, err = os.Create(out); err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	err := m.merge(plies, count, std.err, func(p *generate.Problem) error {
		b, err := p.MarshalLine()
		if err == nil {
			_, err = bw.Write(append(b, '\n'))
		}
		return err
	})
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && f != nil {
		err = f.Close()
	}
	return err
}

// merge orders the problems read by seed and index (the order read among
// equals), keeps those of plies plies (0: any) that are not duplicates,
// up to count (0: all), counts their trials again (the candidates since
// the previous problem kept of the same run) and hands them to emit, one
// at a time. An error from emit ends it.
func (m *merger) merge(plies, count int, stderr io.Writer, emit func(*generate.Problem) error) error {
	sort.SliceStable(m.read, func(i, j int) bool {
		a, b := m.read[i], m.read[j]
		if a.seed != b.seed {
			return a.seed < b.seed
		}
		return a.index < b.index
	})
	dedup := generate.NewDedup()
	last := map[runKey]int{} // the index of the run's last problem kept
	kept := 0
	for _, l := range m.read {
		p, err := generate.ReadProblem(l.text)
		if err != nil { // never: the same text was read before
			fmt.Fprintf(stderr, "gomate merge: %s read again: %v\n", l.text, err)
			m.bad++
			continue
		}
		switch {
		case plies > 0 && p.Plies != plies:
			m.other++
		case count > 0 && kept >= count:
			m.over++
		case !dedup.Add(p):
			m.dups++
		default:
			k := runKey{p.Method, p.Plies, p.Seed}
			if i, ok := last[k]; ok {
				p.Trials = p.Index - i
			}
			last[k] = p.Index
			p.Duplicate = false
			kept++
			m.written[p.Plies]++
			if err := emit(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// summary is the line on stderr: what was read, dropped and written.
func (m *merger) summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d problems read from %d files", len(m.read), m.files)
	if m.bad > 0 {
		fmt.Fprintf(&b, " (%d bad lines or files skipped)", m.bad)
	}
	fmt.Fprintf(&b, ", %d duplicates dropped", m.dups)
	if m.other > 0 {
		fmt.Fprintf(&b, ", %d of other lengths", m.other)
	}
	if m.over > 0 {
		fmt.Fprintf(&b, ", %d after -count", m.over)
	}
	total := 0
	var byLength strings.Builder
	for l, n := range m.written {
		if n > 0 {
			total += n
			fmt.Fprintf(&byLength, " %d plies: %d", l, n)
		}
	}
	fmt.Fprintf(&b, "; %d written", total)
	if total > 0 {
		b.WriteString(", by length:" + byLength.String())
	}
	return b.String()
}
