package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/grognard/grognard/game"
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
	cmd := a.cmds.lookup(req.Command)
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
		for _, in := range a.scenarioInfos() {
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
	case ArgUnit, ArgHex, ArgText, ArgCard, ArgOfficer, ArgFace, ArgNumber, ArgChoice:
		lg, err := c.game(pickMine)
		if err != nil || lg.meta.Status != storage.StatusActive {
			return nil
		}
		side := lg.seatOf(c.ukey)
		switch {
		case cmd.Order:
			for _, v := range orderArgs(lg, side, cmd, arg, req.Args) {
				add(v, v)
			}
		case kind == ArgUnit:
			for _, p := range game.ViewOf(lg.g.Rules, lg.g.State, side).Pieces() {
				if p.Hex != "" {
					add(fmt.Sprintf("%s %s %s", p.ID, p.Name, p.Hex), p.ID)
				}
			}
		}
	}
	return out
}

// orderArgs fills an argument of an order command from the legal-option
// tree of side: the words at the argument's place in the legal orders of
// the verb whose earlier arguments match those typed (a unit typed by its
// counter name matches its id); every remaining word for a Rest argument.
func orderArgs(lg *live, side game.Side, cmd *Command, arg string, typed map[string]string) []string {
	at := slices.IndexFunc(cmd.Args, func(a Arg) bool { return a.Name == arg })
	if at < 0 {
		return nil
	}
	// The earlier arguments as typed, units by their ids: read once, not
	// once a legal order (a set-up lists thousands of placements).
	before := make([]string, at)
	for j, a := range cmd.Args[:at] {
		v := strings.TrimSpace(typed[a.Name])
		if v != "" && a.Kind == ArgUnit {
			v = unitID(lg, side, v)
		}
		before[j] = v
	}
	var out []string
	seen := map[string]bool{}
	for _, o := range lg.legal(side) {
		w := game.Words(o)
		if len(w) <= at+1 || w[0] != cmd.Name {
			continue
		}
		ok := true
		for j, a := range cmd.Args[:at] {
			if before[j] == "" {
				continue
			}
			if a.Rest || !strings.EqualFold(w[j+1], before[j]) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		v := w[at+1]
		if cmd.Args[at].Rest || at == len(cmd.Args)-1 {
			v = strings.Join(w[at+1:], " ")
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
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

// CompleteLine suggests whole lines for a free-text command (the Discord
// adapter's /order, which also reaches the orders that have no slash
// command of their own): the legal orders of the asker's game that start
// with the words typed: whole when they are few enough (Discord shows
// 25), else cut one word past the words typed, so that the suggestions
// lead step by step to any order; while the first word is typed, the
// command names that match as well. A "gN " prefix names the game.
func (a *App) CompleteLine(ctx context.Context, req Request, prefix string) (out []Choice) {
	var resp Response
	defer func() {
		if len(resp.Messages) > 0 {
			out = []Choice{{Label: resp.Messages[0].Text, Command: "error"}}
		}
	}()
	defer a.finish("autocomplete", req, nil, &resp)
	c := a.newCall(ctx, req)
	defer a.finish("autocomplete", req, c, &resp)
	words := strings.Fields(prefix)
	lead := ""
	if len(words) > 0 && isGameRef(words[0]) {
		lead = strings.ToLower(words[0]) + " "
		c.p.game = strings.ToLower(words[0])
		words = words[1:]
	}
	// done are the words typed in full; part is the word being typed.
	done, part := words, ""
	if len(words) > 0 && !strings.HasSuffix(prefix, " ") {
		done, part = words[:len(words)-1], words[len(words)-1]
	}
	add := func(v string) {
		if len(out) < maxChoices && !slices.ContainsFunc(out, func(x Choice) bool { return x.Command == v }) {
			out = append(out, Choice{Label: v, Command: v})
		}
	}
	if lg, err := c.game(pickMine); err == nil && lg.meta.Status == storage.StatusActive {
		var fit [][]string
		for _, o := range lg.legal(lg.seatOf(c.ukey)) {
			w := game.Words(o)
			if len(w) <= len(done) || !strings.HasPrefix(fold(w[len(done)]), fold(part)) {
				continue
			}
			same := true
			for i, d := range done {
				same = same && strings.EqualFold(w[i], d)
			}
			if same {
				fit = append(fit, w)
			}
		}
		for _, w := range fit {
			if len(fit) > maxChoices {
				w = w[:len(done)+1]
			}
			add(lead + strings.Join(w, " "))
		}
	}
	if len(done) == 0 {
		for _, cmd := range a.cmds {
			if strings.HasPrefix(cmd.Name, fold(part)) {
				add(lead + cmd.Name)
			}
		}
	}
	return out
}
