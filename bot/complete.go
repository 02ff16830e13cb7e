package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/scenarios"
	"github.com/grognard/grognard/storage"
)

// maxChoices is how many suggestions Complete returns (Discord's limit).
const maxChoices = 25

// Complete suggests values for one argument of a typed command as the
// user types it (Discord autocomplete): req carries the command and the
// arguments typed so far, arg the argument being typed, prefix its text.
// Units and hexes come from the rules engine's legal orders for the
// user's side (units that can act; a unit's legal destinations), games
// from the room, scenarios from the shipped list.
//
// A panic is recovered as in Handle; the one suggestion is then the
// internal-error message with its reference.
func (a *App) Complete(ctx context.Context, req Request, arg, prefix string) (out []Choice) {
	var resp Response
	defer func() {
		if len(resp.Messages) > 0 {
			out = []Choice{{Label: resp.Messages[0].Text, Command: "error"}}
		}
	}()
	defer a.finish("autocomplete", req, nil, &resp)
	cmd := lookup(req.Command)
	if cmd == nil {
		return nil
	}
	kind := ArgGame
	if arg != "game" {
		i := slices.IndexFunc(cmd.Args, func(x Arg) bool { return x.Name == arg })
		if i < 0 {
			return nil
		}
		kind = cmd.Args[i].Kind
	}
	c := a.newCall(ctx, req)
	defer a.finish("autocomplete", req, c, &resp)
	c.p = parsed{cmd: cmd, args: req.Args, game: strings.ToLower(req.Args["game"])}
	add := func(label, value string) {
		if len(out) < maxChoices && matches(label, value, prefix) && !slices.ContainsFunc(out, func(x Choice) bool { return x.Command == value }) {
			out = append(out, Choice{Label: label, Command: value})
		}
	}
	switch kind {
	case ArgScenario:
		for _, in := range scenarios.List() {
			if c.offered(in.Ruleset) != nil {
				continue
			}
			add(fmt.Sprintf("%s — %s", in.ID, in.Title), in.ID)
		}
	case ArgGame:
		ids, _ := a.store.GamesInRoom(c.room)
		sortGames(ids)
		for _, id := range ids {
			if m, err := a.store.Meta(id); err == nil && !m.Status.Ended() {
				add(fmt.Sprintf("%s — %s", id, m.Scenario), id)
			}
		}
	case ArgUnit, ArgHex, ArgText:
		lg, err := c.game(pickMine)
		if err != nil || lg.meta.Status != storage.StatusActive {
			return nil
		}
		side := lg.seatOf(c.ukey)
		legal := lg.legal(side)
		switch {
		case kind == ArgText && cmd.Order:
			for _, o := range legal {
				if w := game.Words(o); len(w) > 1 && w[0] == cmd.Name {
					rest := strings.Join(w[1:], " ")
					add(rest, rest)
				}
			}
		case kind == ArgUnit && cmd.Order:
			for _, o := range legal {
				if w := game.Words(o); len(w) > 1 && w[0] == cmd.Name {
					add(w[1], w[1])
				}
			}
		case kind == ArgUnit:
			for _, p := range game.ViewOf(lg.g.Rules, lg.g.State, side).Pieces() {
				if p.Hex != "" {
					add(fmt.Sprintf("%s %s %s", p.ID, p.Name, p.Hex), p.ID)
				}
			}
		case kind == ArgHex && cmd.Order:
			unit := unitID(lg, side, req.Args["unit"])
			for _, o := range legal {
				if w := game.Words(o); len(w) > 2 && w[0] == cmd.Name && strings.EqualFold(w[1], unit) {
					add(w[len(w)-1], w[len(w)-1])
				}
			}
		}
	}
	return out
}

// matches reports whether a suggestion fits what was typed: the value, or
// a word of the label, starts with it.
func matches(label, value, prefix string) bool {
	p := fold(strings.TrimSpace(prefix))
	if p == "" || strings.HasPrefix(fold(value), p) {
		return true
	}
	for _, w := range strings.Fields(fold(label)) {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// BindThread binds a game to a thread the adapter opened for it (after a
// message with NewThread): requests from that thread then address the
// game without naming it.
func (a *App) BindThread(platform, room, thread, gameID string) error {
	_, err := a.store.Bind(gameID, roomKey(platform, room)+"/"+thread)
	return err
}
