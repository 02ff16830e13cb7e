package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Interaction is an interaction the fake delivered, and what the bot
// answered.
type Interaction struct {
	ID        string
	Token     string
	Type      int // 2 command, 3 component, 4 autocomplete
	ChannelID string
	User      *User

	messageID    string
	payload      json.RawMessage
	delivered    time.Time
	acked        bool
	ackedAt      time.Time
	callbackType int
	original     string
	expired      bool
	answered     bool
	// Choices are an autocomplete's answer.
	Choices []Choice
}

// Choice is an autocomplete suggestion as the bot sent it.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Answer is what the bot did with an interaction so far.
type Answer struct {
	Acked bool
	// CallbackType is the interaction callback type (5: deferred, 8:
	// autocomplete result …).
	CallbackType int
	// Original is the id of the original response message ("" none).
	Original string
	Choices  []Choice
	// Latency is the time from delivery to the callback on Options.Clock.
	Latency time.Duration
}

// Answer returns what the bot answered to an interaction.
func (s *Server) Answer(in *Interaction) Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := Answer{Acked: in.acked, CallbackType: in.callbackType, Original: in.original, Choices: slices.Clone(in.Choices)}
	if in.acked && !in.delivered.IsZero() {
		a.Latency = in.ackedAt.Sub(in.delivered)
	}
	return a
}

// ExpireTokens makes the tokens of every interaction delivered so far
// invalid, as Discord does 15 minutes after an interaction: webhook calls
// with them fail with 50027.
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, in := range s.inter {
		in.expired = true
	}
}

// Option is one option of a slash command invocation.
type Option struct {
	Name    string
	Type    int // 3 string, 4 integer, 6 user
	Value   any
	Focused bool
}

// String is a string option.
func String(name, v string) Option { return Option{Name: name, Type: 3, Value: v} }

// Integer is an integer option.
func Integer(name string, v int) Option { return Option{Name: name, Type: 4, Value: v} }

// UserOption is a user option.
func UserOption(name string, u *User) Option { return Option{Name: name, Type: 6, Value: u.ID} }

// Focused marks the option being typed, for Autocomplete.
func Focused(o Option) Option { o.Focused = true; return o }

// Slash delivers a slash command invocation by u in a channel (or a
// thread), as INTERACTION_CREATE on the gateway. The command and its
// options must match a registered command, as Discord ensures.
func (s *Server) Slash(u *User, channel, command string, opts ...Option) (*Interaction, error) {
	return s.command(2, u, channel, command, opts)
}

// Autocomplete delivers an autocomplete interaction: opts are the options
// typed so far, one of them Focused.
func (s *Server) Autocomplete(u *User, channel, command string, opts ...Option) (*Interaction, error) {
	n := 0
	for _, o := range opts {
		if o.Focused {
			n++
		}
	}
	if n != 1 {
		return nil, fmt.Errorf("fakediscord: autocomplete needs exactly one focused option, got %d", n)
	}
	return s.command(4, u, channel, command, opts)
}

func (s *Server) command(typ int, u *User, channel, command string, opts []Option) (*Interaction, error) {
	s.mu.Lock()
	ch := s.channels[channel]
	if ch == nil || ch.Type == ChannelDM {
		s.mu.Unlock()
		return nil, fmt.Errorf("fakediscord: no guild channel %s", channel)
	}
	var cmd map[string]any
	for _, scope := range []string{ch.GuildID, ""} {
		for _, c := range s.commands[scope] {
			if c["name"] == command {
				cmd = c
				break
			}
		}
		if cmd != nil {
			break
		}
	}
	if cmd == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("fakediscord: no registered command /%s", command)
	}
	if err := checkOptions(cmd, opts, typ == 4); err != nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("fakediscord: /%s: %w", command, err)
	}
	var jopts []any
	users := map[string]any{}
	members := map[string]any{}
	for _, o := range opts {
		j := map[string]any{"name": o.Name, "type": o.Type, "value": o.Value}
		if o.Focused {
			j["focused"] = true
		}
		if o.Type == 6 {
			if ru := s.users[fmt.Sprint(o.Value)]; ru != nil {
				users[ru.ID] = s.userJSON(*ru)
				members[ru.ID] = map[string]any{"roles": ru.Roles, "joined_at": joined, "permissions": strconv.FormatInt(ru.Permissions, 10)}
			}
		}
		jopts = append(jopts, j)
	}
	data := map[string]any{"id": cmd["id"], "name": command, "type": 1}
	if jopts != nil {
		data["options"] = jopts
	}
	if g, ok := cmd["guild_id"]; ok {
		data["guild_id"] = g
	}
	if len(users) > 0 {
		data["resolved"] = map[string]any{"users": users, "members": members}
	}
	in := s.newInteraction(typ, u, ch, data, nil)
	s.mu.Unlock()
	return in, s.deliver(in)
}

var joined = "2026-01-01T00:00:00Z"

// checkOptions refuses options a registered command does not have, of
// the wrong type, outside its choices, or (for a full invocation) a
// missing required option.
func checkOptions(cmd map[string]any, opts []Option, partial bool) error {
	defs, _ := cmd["options"].([]any)
	byName := map[string]map[string]any{}
	for _, d := range defs {
		m, _ := d.(map[string]any)
		byName[fmt.Sprint(m["name"])] = m
	}
	given := map[string]bool{}
	for _, o := range opts {
		d := byName[o.Name]
		if d == nil {
			return fmt.Errorf("no option %q", o.Name)
		}
		if t, _ := d["type"].(float64); int(t) != o.Type {
			return fmt.Errorf("option %q has type %v, not %d", o.Name, d["type"], o.Type)
		}
		if ch, ok := d["choices"].([]any); ok && len(ch) > 0 && !o.Focused {
			found := false
			for _, c := range ch {
				if cm, _ := c.(map[string]any); fmt.Sprint(cm["value"]) == fmt.Sprint(o.Value) {
					found = true
				}
			}
			if !found {
				return fmt.Errorf("option %q: %v is not one of its choices", o.Name, o.Value)
			}
		}
		if o.Focused && d["autocomplete"] != true {
			return fmt.Errorf("option %q has no autocomplete", o.Name)
		}
		given[o.Name] = true
	}
	if !partial {
		for name, d := range byName {
			if d["required"] == true && !given[name] {
				return fmt.Errorf("required option %q missing", name)
			}
		}
	}
	return nil
}

// Click delivers a button click by u on a message.
func (s *Server) Click(u *User, messageID, customID string) (*Interaction, error) {
	return s.component(u, messageID, customID, nil)
}

// Pick delivers a choice in a message's select menu.
func (s *Server) Pick(u *User, messageID, customID string, values ...string) (*Interaction, error) {
	return s.component(u, messageID, customID, values)
}

func (s *Server) component(u *User, messageID, customID string, values []string) (*Interaction, error) {
	s.mu.Lock()
	m := s.msgs[messageID]
	if m == nil || m.Deleted || m.Loading {
		s.mu.Unlock()
		return nil, fmt.Errorf("fakediscord: no message %s", messageID)
	}
	if m.Ephemeral {
		if in := s.inter[m.InteractionID]; in == nil || in.User.ID != u.ID {
			s.mu.Unlock()
			return nil, errors.New("fakediscord: an ephemeral message is seen by its interaction's user only")
		}
	}
	ch := s.channels[m.ChannelID]
	if ch.Type == ChannelDM && ch.Recipient != u.ID {
		s.mu.Unlock()
		return nil, errors.New("fakediscord: a DM is seen by its recipient only")
	}
	data := map[string]any{"custom_id": customID}
	if values == nil {
		if !slices.ContainsFunc(m.Buttons, func(b Button) bool { return b.CustomID == customID }) {
			s.mu.Unlock()
			return nil, fmt.Errorf("fakediscord: message %s has no button %q", messageID, customID)
		}
		data["component_type"] = 2
	} else {
		for _, v := range values {
			if !slices.ContainsFunc(m.Options, func(o SelectOption) bool { return o.CustomID == customID && o.Value == v }) {
				s.mu.Unlock()
				return nil, fmt.Errorf("fakediscord: message %s has no select %q with value %q", messageID, customID, v)
			}
		}
		data["component_type"] = 3
		data["values"] = values
	}
	in := s.newInteraction(3, u, ch, data, m)
	s.mu.Unlock()
	return in, s.deliver(in)
}

// newInteraction builds an interaction's INTERACTION_CREATE payload.
func (s *Server) newInteraction(typ int, u *User, ch *Channel, data map[string]any, msg *Message) *Interaction {
	in := &Interaction{ID: s.id(), Token: "itok-" + s.id(), Type: typ, ChannelID: ch.ID, User: u}
	j := map[string]any{"id": in.ID, "application_id": s.opts.AppID, "type": typ, "token": in.Token, "version": 1,
		"channel_id": ch.ID, "channel": s.channelJSON(ch), "locale": u.Locale, "data": data,
		"entitlements": []any{}}
	if !s.perm.noAppPerms {
		j["app_permissions"] = permString(s.botPerms(ch.ID))
	}
	if ch.Type == ChannelDM {
		j["user"] = s.userJSON(*u)
		j["context"] = 1
	} else {
		j["guild_id"] = ch.GuildID
		j["guild_locale"] = "en-US"
		j["context"] = 0
		j["authorizing_integration_owners"] = map[string]any{"0": ch.GuildID}
		j["member"] = map[string]any{"user": s.userJSON(*u), "roles": nonNil(u.Roles), "permissions": strconv.FormatInt(u.Permissions, 10),
			"joined_at": joined, "deaf": false, "mute": false, "flags": 0, "pending": false, "nick": nil}
	}
	if msg != nil {
		in.messageID = msg.ID
		j["message"] = s.messageJSON(msg)
	}
	in.payload, _ = json.Marshal(j)
	s.inter[in.ID] = in
	return in
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *Server) deliver(in *Interaction) error {
	s.mu.Lock()
	shard := s.shardOfChannel(s.channels[in.ChannelID])
	s.mu.Unlock()
	return s.gw.dispatch(s, shard, "INTERACTION_CREATE", in.payload, func() {
		s.mu.Lock()
		if in.delivered.IsZero() {
			in.delivered = s.opts.Clock()
		}
		s.mu.Unlock()
	})
}

// Redeliver sends an interaction's INTERACTION_CREATE again, as a gateway
// may after a reconnect.
func (s *Server) Redeliver(in *Interaction) error { return s.deliver(in) }
