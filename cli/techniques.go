package cli

import (
	"flag"
	"strconv"
	"strings"

	"gomate/dfpn"
)

// The technique flags: one per switchable search technique
// (dfpn.Techniques), named by one rule so that the table in dfpn stays the
// only declaration: the technique's name in lower case, a switch whose
// default is the technique's. "-lazydrops=false" turns off a technique on
// by default, "-dagdetection" turns on one that is off.

// techniqueFlag is the name of t's flag.
func techniqueFlag(t dfpn.Technique) string { return strings.ToLower(t.String()) }

// techniqueFlags declares the technique flags in fs, each setting its
// technique in opt.
func techniqueFlags(fs *flag.FlagSet, opt *dfpn.Options) {
	for _, t := range dfpn.Techniques() {
		fs.Var(techniqueValue{opt, t}, techniqueFlag(t), t.Doc())
	}
}

// isTechniqueFlag reports whether name is the flag of a search technique.
func isTechniqueFlag(name string) bool {
	t, ok := dfpn.TechniqueByName(name)
	return ok && techniqueFlag(t) == name
}

// techniqueValue is a technique flag's value: whether opt uses t.
type techniqueValue struct {
	opt *dfpn.Options
	t   dfpn.Technique
}

// String is "true" or "false"; "false" for the zero value, which package
// flag reads as the default not worth printing, as for its own switches.
func (v techniqueValue) String() string {
	if v.opt == nil {
		return "false"
	}
	return strconv.FormatBool(v.opt.Uses(v.t))
}

// Set turns the technique on or off.
func (v techniqueValue) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err == nil {
		v.opt.Set(v.t, on)
	}
	return err
}

// IsBoolFlag makes the flag a switch: "-dagdetection" alone means true.
func (v techniqueValue) IsBoolFlag() bool { return true }
