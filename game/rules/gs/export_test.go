package gs

// Purely runs f with the purity check on: a rule helper reached from
// Evolve panics unless Evolve is on the legacy path of a version-1 event.
// It returns the number of legacy paths taken. f must not run in parallel
// with other tests.
func Purely(f func()) (legacies int) {
	return purity.Check(f)
}
