package game

import "testing"

// A rule helper reached from Evolve panics under Check, except on a
// legacy path (counted); outside Check, or in Decide, nothing happens.
func TestPurity(t *testing.T) {
	var p Purity
	p.Name = "toy"
	ranRule := func() (panicked bool) {
		defer func() { panicked = recover() != nil }()
		done := p.Evolving()
		defer done()
		p.DecideOnly("a rule")
		return false
	}
	if ranRule() {
		t.Error("the guard panicked while off")
	}
	n := p.Check(func() {
		p.DecideOnly("decide") // in Decide: allowed
		if !ranRule() {
			t.Error("a rule run inside Evolve did not panic")
		}
		func() {
			defer p.Evolving()()
			defer p.Legacy()()
			p.DecideOnly("legacy") // allowed on a legacy path
		}()
	})
	if n != 1 {
		t.Errorf("%d legacy paths counted, want 1", n)
	}
	if ranRule() {
		t.Error("the guard stayed on after Check")
	}
}
