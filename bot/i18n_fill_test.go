package bot

import "testing"

// TestFillOnePass: a value holding a placeholder is not filled again
// (a player named "{url}" stays "{url}").
func TestFillOnePass(t *testing.T) {
	got := Fill("{name} opened {url}", "name", "{url}", "url", "https://x/g1")
	if want := "{url} opened https://x/g1"; got != want {
		t.Errorf("Fill = %q, want %q", got, want)
	}
}
