package ptg

import (
	"testing"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/scenarios"
)

// BenchmarkLegalDestinationsCold is BenchmarkLegalDestinations with the
// state's occupancy index rebuilt every time, as after each new event.
func BenchmarkLegalDestinationsCold(b *testing.B) {
	sc, err := scenarios.Load("ptg-standard")
	if err != nil {
		b.Fatal(err)
	}
	g, err := game.Start(New(), sc, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, side := range []game.Side{Russians, Swedes} {
		cmd, _ := game.ParseCommand(side, "ready")
		if _, err := g.Apply("ready", cmd, nil); err != nil {
			b.Fatal(err)
		}
	}
	s := g.State.(*State)
	u := s.Unit("SW-C01")
	b.ResetTimer()
	n := 0
	for b.Loop() {
		s.ix = nil
		d, _, _, _ := s.destinations(u)
		n = len(d)
	}
	b.ReportMetric(float64(n), "destinations")
}
