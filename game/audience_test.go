package game

import "testing"

type pubEvent struct{}

func (pubEvent) Kind() string { return "pub" }

type ownedEvent struct{ s Side }

func (ownedEvent) Kind() string      { return "owned" }
func (e ownedEvent) Owner() Side     { return e.s }
func (e ownedEvent) Explain() string { return "x" }

func TestAudience(t *testing.T) {
	cases := []struct {
		e       Event
		a, b, s bool
	}{
		{pubEvent{}, true, true, true},
		{ownedEvent{SideA}, true, false, false},
		{ownedEvent{SideB}, false, true, false},
		// A Secret whose owner is Nobody has been made public (an
		// announced threshold): both players see it, not only spectators.
		{ownedEvent{Nobody}, true, true, true},
	}
	for _, c := range cases {
		if VisibleTo(c.e, SideA) != c.a || VisibleTo(c.e, SideB) != c.b || VisibleTo(c.e, Nobody) != c.s {
			t.Errorf("%#v: visible to A %v, B %v, spectators %v; want %v %v %v", c.e,
				VisibleTo(c.e, SideA), VisibleTo(c.e, SideB), VisibleTo(c.e, Nobody), c.a, c.b, c.s)
		}
	}
	rec := Record{Command: Command{Side: SideB}, Events: Events{pubEvent{}, ownedEvent{SideB}}}
	if a := RecordAudience(rec); a != Only(SideB) || a.Public() {
		t.Errorf("a record with B's secret: audience %v, want B", a)
	}
	if a := RecordAudience(Record{Events: Events{pubEvent{}}}); !a.Public() {
		t.Errorf("a public record: audience %v", a)
	}
	if a := RefusalAudience(Command{Side: SideA}); !a.Allows(SideA) || a.Allows(SideB) || a.Allows(Nobody) {
		t.Errorf("a refusal of A's order: audience %v, want A alone", a)
	}
	if Everyone.String() != "everyone" || Only(SideA).String() != "A" || Audience(0).String() != "nobody" {
		t.Errorf("names: %v %v %v", Everyone, Only(SideA), Audience(0))
	}
}
