package login

import (
	"errors"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/tui/termtext"
)

// keyWords is a key store's error in the interface's language where the store
// names its case (a key's shape, a profile name, an unavailable keyring); anything
// else as the store wrote it. Cleaned for the terminal.
func keyWords(err error) string {
	var shape *keystore.ShapeError
	var profile *keystore.ProfileError
	var keyring *keystore.UnavailableError
	switch {
	case errors.As(err, &shape):
		return i18n.T("login.key.malformed", "Why", i18n.T("login.key.shape."+shape.Case, "N", shape.N),
			"Hex", keystore.SecretHexLen, "Len", keystore.KeyLen)
	case errors.As(err, &profile):
		return i18n.T("login.profile.invalid", "Why", i18n.T("login.profile."+profile.Case, "N", profile.N, "Max", keystore.MaxProfileLen))
	case errors.As(err, &keyring):
		return i18n.T("login.keyring.unavailable", "Why", i18n.T("login.keyring."+keyring.Case, "Detail", termtext.Clean(keyring.Detail)),
			"Advice", keyringAdvice(keyring.GOOS))
	}
	return termtext.Clean(err.Error())
}

// keyringAdvice is the first way on as the platform has it: its keyring made to work.
func keyringAdvice(goos string) string {
	switch goos {
	case "darwin", "windows":
		return i18n.T("login.keyring.advice." + goos)
	}
	return i18n.T("login.keyring.advice.linux")
}
