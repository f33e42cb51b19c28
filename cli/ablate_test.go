package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAblate runs the ablation table on two problems: one row per
// configuration, each solving both, the first row's ratios 1.00.
func TestAblate(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.sfen")
	if err := os.WriteFile(file, []byte(checkSound+"\n"+checkAlternative+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if code := Run([]string{"ablate", "-q", "-hash", "16", file}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	rows := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(rows) != 2+len(ablations) {
		t.Fatalf("%d lines, want %d:\n%s", len(rows), 2+len(ablations), out.String())
	}
	for i, a := range ablations {
		r := rows[2+i]
		if !strings.HasPrefix(r, "| "+a.name+" | 2/2 | ") {
			t.Errorf("row %q: want %s solving 2/2", r, a.name)
		}
	}
	if !strings.HasSuffix(rows[2], "| 1.00 | 1.00 |") {
		t.Errorf("first row %q: ratios must be 1.00", rows[2])
	}
}
