package cli

import (
	"flag"
	"fmt"

	"github.com/pkg/profile"
)

// profileFlag registers the -profile flag every command accepts.
func profileFlag(fs *flag.FlagSet) *string {
	return fs.String("profile", "", "write a `cpu|mem` profile (cpu.pprof or mem.pprof) to the current directory")
}

// startProfile starts the profile named by mode ("" for none) and returns
// the function that writes it, to be deferred by the caller.
func startProfile(mode string) (stop func(), err error) {
	switch mode {
	case "":
		return func() {}, nil
	case "cpu":
		return profile.Start(profile.CPUProfile, profile.ProfilePath("."), profile.NoShutdownHook).Stop, nil
	case "mem":
		return profile.Start(profile.MemProfile, profile.ProfilePath("."), profile.NoShutdownHook).Stop, nil
	}
	return nil, fmt.Errorf("-profile %q: want cpu or mem", mode)
}
