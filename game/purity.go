package game

// Purity lets a ruleset's tests prove that its Evolve runs no rule
// (DESIGN "Decide / Evolve"): the ruleset marks its rule helpers with
// DecideOnly, its Evolve with Evolving and the documented legacy path of
// older events with Legacy; a test runs the game under Check, and a rule
// helper reached from Evolve outside a legacy path panics. The zero value
// is off and costs a branch. Only tests turn it on, never while tests run
// in parallel.
type Purity struct {
	Name     string // the ruleset, for the panic
	on       bool
	evolving int // > 0 inside Evolve
	legacy   int // > 0 on a legacy path
	legacies int // legacy paths taken since Check began
}

// Check runs f with the guard on and returns the number of legacy paths
// taken.
func (p *Purity) Check(f func()) (legacies int) {
	p.on, p.legacies = true, 0
	defer func() { p.on = false }()
	f()
	return p.legacies
}

// Evolving marks the start of Evolve; call the returned function at its
// end (defer p.Evolving()()).
func (p *Purity) Evolving() func() {
	if !p.on {
		return func() {}
	}
	p.evolving++
	return func() { p.evolving-- }
}

// Legacy marks a legacy path (an older event whose outcome Evolve works
// out itself); call the returned function at its end.
func (p *Purity) Legacy() func() {
	if !p.on {
		return func() {}
	}
	p.legacy++
	p.legacies++
	return func() { p.legacy-- }
}

// DecideOnly marks a helper that works out a rule's outcome: Decide may
// call it, Evolve only on a legacy path. It is called on hot paths (map
// data behind every step of a movement flood) and must stay small enough
// to inline there, the guard off costing one branch: the check itself is
// out of line.
func (p *Purity) DecideOnly(what string) {
	if p.on {
		p.check(what)
	}
}

// On reports whether the guard is on: a hot helper that must stay
// inlinable tests it and calls DecideOnly only then.
func (p *Purity) On() bool { return p.on }

//go:noinline
func (p *Purity) check(what string) {
	if p.evolving > 0 && p.legacy == 0 {
		panic(p.Name + ": Evolve ran a rule: " + what)
	}
}
