// grognard patch: upstream's registergoolm.go is `//go:build goolm` and its
// registerlibolm.go (cgo, libolm) is used without the tag; this copy always
// registers the pure-Go Olm (PATCHES.md).

package crypto

import (
	"maunium.net/go/mautrix/crypto/goolm"
)

func init() {
	goolm.Register()
}
