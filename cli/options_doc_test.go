package cli

import (
	"os"
	"strings"
	"testing"

	"gomate/dfpn"
)

// TestOptionsDocTechniques: the table of docs/options.md's "Search
// techniques" has one row per technique, in the table's order, with its
// USI option, its flag as it switches the technique from the default, the
// default, a description and the link to the measurement behind the
// default (dfpn.Technique.Measured).
func TestOptionsDocTechniques(t *testing.T) {
	text, err := os.ReadFile("../docs/options.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(text), "\n## Search techniques\n")
	if !ok {
		t.Fatal("docs/options.md has no \"Search techniques\" section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var rows [][]string
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	ts := dfpn.Techniques()
	if len(rows) != len(ts) {
		t.Errorf("docs/options.md: %d technique rows, %d techniques", len(rows), len(ts))
	}
	for i, tc := range ts {
		if i >= len(rows) {
			break
		}
		flag, def := "-"+techniqueFlag(tc)+"=false", "on"
		if !tc.Default() {
			flag, def = "-"+techniqueFlag(tc), "off"
		}
		link := "(" + strings.TrimPrefix(tc.Measured(), "docs/") + ")"
		r := rows[i]
		if len(r) != 5 || r[0] != "`"+tc.String()+"`" || r[1] != "`"+flag+"`" || r[2] != def || r[3] == "" || !strings.Contains(r[4], link) {
			t.Errorf("docs/options.md row %d:\n%s\nwant `%s` | `%s` | %s | what it does | a link %s", i+1, strings.Join(r, " | "), tc, flag, def, link)
		}
	}
}
