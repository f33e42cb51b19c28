package usi

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"gomate/dfpn"
)

// TestReadmeOptionRows: README.md's options table has one row per
// option, in the order the engine sends them, each with the option's type
// and default as declared (fixedOptions, dfpn.Techniques; a default that
// depends on the machine as the row's docDef states it) and a meaning, and
// no other row.
func TestReadmeOptionRows(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := readmeOptionRows(t, string(text))
	type want struct{ name, kind, def string }
	var wants []want
	for i := range fixedOptions {
		o := &fixedOptions[i]
		def := o.def
		if o.docDef != "" {
			def = o.docDef
		}
		wants = append(wants, want{o.name, string(o.kind), def})
	}
	for _, tc := range dfpn.Techniques() {
		wants = append(wants, want{tc.String(), string(checkOption), strconv.FormatBool(tc.Default())})
	}
	if len(rows) != len(wants) {
		t.Errorf("README.md's options table has %d rows, the engine %d options", len(rows), len(wants))
	}
	for i, w := range wants {
		if i >= len(rows) {
			t.Errorf("README.md: no row for %s", w.name)
			continue
		}
		r := rows[i]
		// The type column may add the unit: "spin (MB)".
		kind, _, _ := strings.Cut(r[1], " ")
		if r[0] != "`"+w.name+"`" || kind != w.kind || r[2] != w.def || r[3] == "" {
			t.Errorf("README.md row %d is %q, want `%s` | %s | %s | and a meaning", i+1, strings.Join(r, " | "), w.name, w.kind, w.def)
		}
	}
}

// readmeOptionRows are the cells of the table after the "### Options"
// heading of the README's text, trimmed, without the header rows.
func readmeOptionRows(t *testing.T, text string) [][]string {
	_, after, ok := strings.Cut(text, "\n### Options\n")
	if !ok {
		t.Fatal("README.md has no \"### Options\" heading")
	}
	var rows [][]string
	in := false
	for _, line := range strings.Split(after, "\n") {
		if !strings.HasPrefix(line, "|") {
			if in {
				break
			}
			continue
		}
		in = true
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) != 4 {
			t.Fatalf("README.md options row %q: want 4 cells", line)
		}
		if cells[0] == "option" || strings.HasPrefix(cells[0], "---") {
			continue
		}
		rows = append(rows, cells)
	}
	return rows
}
