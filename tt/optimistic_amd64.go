//go:build !race && !lockedreads

package tt

// optimisticReads lets probes of a shared table read a cluster without
// its lock, checking the lock's version before and after instead
// (Guard.ReadBegin), with the lock's cache line prefetched beside the
// cluster's (Guard.Prefetch). A probe then writes nothing, so the two
// threads' probes keep the locks' lines shared instead of taking them from
// each other (measured in
// docs/notes/speed.md#kept-optimistic-probes-of-a-shared-table). The build
// tag lockedreads turns it off, to measure it.
//
// It rests on the processor's memory order: on x86-64 a load is not
// reordered with an earlier load, so the version read after the cluster's
// reads is read after them. Weaker orders (arm64) would need a fence Go
// does not offer, so other architectures take the lock
// (optimistic_other.go). Under the race detector, which would report the
// unguarded reads that the version check makes harmless, probes take the
// lock too (optimistic_race.go): the race tests then check the writers'
// locking and the rest of the team, and TestProbeSeesWholeEntries checks
// the optimistic reads in the ordinary build.
const optimisticReads = true
