package console

import "strings"

// received splits a terminal-room conversation into what each user got:
// the public lines and the messages private to him ("[private to U]",
// "[to U]"). A message runs to the next line that starts one: typed,
// marked, about the game or calling a player ("> ", "[", "g1", "@"); a
// decision's prompt and its "Answer with" continue it. A typed line is
// its typist's: on a chat platform secret orders go by direct message or
// ephemeral slash command. Comment lines ("#") are nobody's.
func received(conv string, users ...string) map[string]string {
	recv := map[string]*strings.Builder{}
	for _, u := range users {
		recv[u] = &strings.Builder{}
	}
	to := ""
	for _, l := range strings.Split(conv, "\n") {
		if l == "#" || strings.HasPrefix(l, "# ") {
			continue
		}
		if strings.HasPrefix(l, "> ") || strings.HasPrefix(l, "[") || strings.HasPrefix(l, "g1") || strings.HasPrefix(l, "@") {
			to = ""
			for _, p := range []string{"[private to ", "[to "} {
				if rest, ok := strings.CutPrefix(l, p); ok {
					to, _, _ = strings.Cut(rest, "]")
				}
			}
			if rest, ok := strings.CutPrefix(l, "> "); ok {
				to, _, _ = strings.Cut(rest, ":")
			}
		}
		for u, b := range recv {
			if to == "" || to == u {
				b.WriteString(l + "\n")
			}
		}
	}
	out := map[string]string{}
	for u, b := range recv {
		out[u] = b.String()
	}
	return out
}
