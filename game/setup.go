package game

import "fmt"

// SetUpper is implemented by rulesets whose games do not play a scenario
// as it was loaded: a board assembled from map sections (Manœuvre) or
// generated from the game's seed (Frédéric le Grand, Le son du canon).
// SetUp runs once, when the game is created, and returns the resolved
// scenario the game will play; the store keeps that copy with the game,
// and every later start, replay, check and export uses it, so set-up is
// never re-run. It must not change sc (shipped scenarios are shared), and
// it keeps sc's ID and Hash (the hash names the source the game started
// from; the store hashes the resolved copy itself).
//
// d is a dice stream of its own, derived from the game's seed
// (dice.SetUpDice), not the game's stream: set-up rolls do not shift the
// indices of the game's dice, and once the seed is revealed anyone can
// re-run SetUp and compare.
//
// What the players choose during a set-up phase of the game itself (the
// sections picked by the first player in Manœuvre, terrain placed in
// turn in Le son du canon) is not set-up in this sense: those are orders
// and events in the log; an event may carry a *Map (its JSON form is
// complete), and the ruleset's state holds the board it makes.
type SetUpper interface {
	SetUp(sc *Scenario, opts Options, d Dice) (*Scenario, error)
}

// SetUp returns the scenario a new game of r plays: sc itself, or what
// the ruleset's SetUp resolves it to.
func SetUp(r Ruleset, sc *Scenario, opts Options, d Dice) (*Scenario, error) {
	su, ok := r.(SetUpper)
	if !ok {
		return sc, nil
	}
	out, err := su.SetUp(sc, opts, d)
	if err != nil {
		return nil, err
	}
	if out == nil || out.ID != sc.ID || out.Hash != sc.Hash {
		return nil, fmt.Errorf("%s set-up of scenario %s: the result must keep the scenario's id and hash", r.Name(), sc.ID)
	}
	return out, nil
}
