package game

// Zones are places for pieces and cards that are not map cells: a hand, a
// draw deck, a discard pile, a reserve, an off-map box, the eliminated
// box. A state lists them (Zoner); a per-side view keeps the contents of
// the zones its viewer may see and only the counts of the others.
type Zone struct {
	// Name is the zone's kind ("hand", "deck", "discard", "reserve",
	// "offmap", "eliminated"); Side its owner (Nobody: shared).
	Name string `json:"name"`
	Side Side   `json:"side"`
	// Ordered zones keep their items in order (a deck, top first).
	Ordered bool `json:"ordered,omitempty"`
	// Sees is who may see the contents; everyone else sees Count only.
	Sees Audience `json:"sees"`
	// Items are the ids of the zone's cards or pieces, in order; a view
	// that may not see them leaves Items empty and keeps Count.
	Items []string `json:"items,omitempty"`
	// Labels, when the ruleset gives them, describe Items one for one
	// for display (a card's values: "A2d8 D7"; "" for none); a view that
	// may not see the items has none.
	Labels []string `json:"labels,omitempty"`
	Count  int      `json:"count"`
}

// Zoner is implemented by states that have zones.
type Zoner interface {
	Zones() []Zone
}

// ZoneFor returns z as viewer sees it: unchanged when viewer may see its
// contents, with no items (the count kept) otherwise.
func ZoneFor(z Zone, viewer Side) Zone {
	z.Count = max(z.Count, len(z.Items))
	if !z.Sees.Allows(viewer) {
		z.Items, z.Labels = nil, nil
	}
	return z
}

// Item is the i-th item as displayed: its id, and its label in
// parentheses when it has one ("guard-1 (A2d8 D7)").
func (z Zone) Item(i int) string {
	if i < len(z.Labels) && z.Labels[i] != "" {
		return z.Items[i] + " (" + z.Labels[i] + ")"
	}
	return z.Items[i]
}

// ZonesOf lists s's zones as viewer sees them (none for a state without
// zones).
func ZonesOf(s State, viewer Side) []Zone {
	zs, ok := s.(Zoner)
	if !ok {
		return nil
	}
	var out []Zone
	for _, z := range zs.Zones() {
		out = append(out, ZoneFor(z, viewer))
	}
	return out
}
