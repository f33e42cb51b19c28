package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Problem is one position to solve, with where it came from.
type Problem struct {
	File     string // base name of the input file
	Line     int    // 1-based line number in the file
	Name     string // the id or name column, or "" for plain SFEN lines
	SFEN     string
	Expected int // expected plies, 0 if unknown
}

// Label names the problem in reports: its name if it has one, else file:line.
func (p Problem) Label() string {
	if p.Name != "" {
		return fmt.Sprintf("%s (line %d)", p.Name, p.Line)
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// Format is how a file of positions is laid out.
type Format int

// The formats readProblems understands.
const (
	FormatPlain  Format = iota // one SFEN per line; plies from a "mateN" file name
	FormatHeader               // TSV whose header names a sfen column
	FormatTab                  // headerless name<TAB>sfen<TAB>plies lines
)

func (f Format) String() string {
	return [...]string{"plain SFEN", "TSV with header", "TSV without header"}[f]
}

// columns are the indices of the interesting columns of a TSV header; -1
// means absent.
type columns struct{ name, sfen, plies int }

var mateName = regexp.MustCompile(`(?i)mate(\d+)`)

// pliesFromFileName reads N out of a file name like "mate3.sfen" (0 if none).
func pliesFromFileName(path string) int {
	m := mateName.FindStringSubmatch(filepath.Base(path))
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// headerName normalizes a column title: "# id" → "id",
// "expected_plies (tsume rules)" → "expected_plies".
func headerName(s string) string {
	s = strings.ToLower(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "#")))
	if i := strings.IndexAny(s, " ("); i >= 0 {
		s = s[:i]
	}
	return s
}

// parseHeader finds the sfen, plies and name columns of a header line. ok is
// false when no column is called "sfen", that is when the line is no header.
func parseHeader(line string) (c columns, ok bool) {
	c = columns{-1, -1, -1}
	fields := strings.Split(line, "\t")
	for i, f := range fields {
		switch headerName(f) {
		case "sfen":
			c.sfen = i
		case "plies", "expected", "expected_plies", "mate", "length":
			if c.plies < 0 {
				c.plies = i
			}
		case "id", "name":
			if c.name < 0 {
				c.name = i
			}
		}
	}
	if c.sfen < 0 {
		return c, false
	}
	if c.plies < 0 { // a looser match: "plies_expected", "expected_length", ...
		for i, f := range fields {
			h := headerName(f)
			if i != c.sfen && (strings.Contains(h, "plies") || strings.HasPrefix(h, "expected")) && !strings.Contains(h, "source") {
				c.plies = i
				break
			}
		}
	}
	if c.name < 0 && c.sfen != 0 {
		c.name = 0
	}
	return c, true
}

// looksLikeSFEN says whether s has the shape "board side hands [n]" with a
// nine-rank board. It is only a guess used to find the sfen column.
func looksLikeSFEN(s string) bool {
	f := strings.Fields(s)
	return (len(f) == 3 || len(f) == 4) && strings.Count(f[0], "/") == 8 && (f[1] == "b" || f[1] == "w")
}

// trimSFEN drops a leading "position sfen" or "sfen".
func trimSFEN(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "position ")
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, "sfen "); ok {
		s = strings.TrimSpace(rest)
	}
	return s
}

// detectFormat decides the layout from the first non-blank line.
func detectFormat(first string) (Format, columns) {
	if c, ok := parseHeader(first); ok {
		return FormatHeader, c
	}
	if strings.Contains(first, "\t") {
		return FormatTab, columns{-1, -1, -1}
	}
	return FormatPlain, columns{-1, -1, -1}
}

// parseTabLine reads a headerless TSV line: the sfen is the first field that
// looks like one, the name the first field before it, the plies the field
// after it if that is a number.
func parseTabLine(fields []string) (name, sfen string, plies int, ok bool) {
	for i, f := range fields {
		f = trimSFEN(f)
		if !looksLikeSFEN(f) {
			continue
		}
		if i > 0 {
			name = strings.TrimSpace(fields[0])
		}
		if i+1 < len(fields) {
			plies, _ = strconv.Atoi(strings.TrimSpace(fields[i+1]))
		}
		return name, f, plies, true
	}
	return "", "", 0, false
}

// readProblems reads every position of a file. Blank lines and "#" comments
// are skipped (after a header has been recognized). Lines it cannot read
// are returned as warnings rather than failing the whole file.
func readProblems(path string) (probs []Problem, format Format, warnings []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, nil, err
	}
	defer f.Close()
	base := filepath.Base(path)
	filePlies := pliesFromFileName(path)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	var cols columns
	detected := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		comment := strings.HasPrefix(strings.TrimSpace(line), "#")
		if !detected {
			// A comment line counts only if it is a header; the first
			// other line decides the format.
			if f, c := detectFormat(line); f == FormatHeader || !comment {
				detected, format, cols = true, f, c
				if f == FormatHeader {
					continue
				}
			}
		}
		if comment {
			continue
		}
		p := Problem{File: base, Line: n}
		switch format {
		case FormatHeader:
			fields := strings.Split(line, "\t")
			if cols.sfen >= len(fields) {
				warnings = append(warnings, fmt.Sprintf("%s:%d: no sfen column", base, n))
				continue
			}
			p.SFEN = trimSFEN(fields[cols.sfen])
			if cols.name >= 0 && cols.name < len(fields) {
				p.Name = strings.TrimSpace(fields[cols.name])
			}
			if cols.plies >= 0 && cols.plies < len(fields) {
				p.Expected, _ = strconv.Atoi(strings.TrimSpace(fields[cols.plies]))
			}
		case FormatTab:
			name, sfen, plies, ok := parseTabLine(strings.Split(line, "\t"))
			if !ok {
				warnings = append(warnings, fmt.Sprintf("%s:%d: no sfen field", base, n))
				continue
			}
			p.Name, p.SFEN, p.Expected = name, sfen, plies
		default:
			p.SFEN, p.Expected = trimSFEN(line), filePlies
		}
		probs = append(probs, p)
	}
	if err := sc.Err(); err != nil {
		return probs, format, warnings, fmt.Errorf("%s: %w", path, err)
	}
	return probs, format, warnings, nil
}
