package login

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/keystore"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// The key store's errors the login view shows: a key's shape, a profile name, an
// unavailable keyring (every case, built at run time), said in each language, and
// English's as the store says it (the CLI prints the store's own).
func TestKeyWordsInEveryLanguage(t *testing.T) {
	var errs []error
	for _, raw := range []string{"", "sk_live_ 1", "pk_live_1", "sk_live_abc", "sk_live_" + strings.Repeat("A", 48), "sk_live_" + strings.Repeat("z", 48)} {
		_, err := keystore.CleanKey(raw)
		errs = append(errs, err)
	}
	for _, name := range []string{"", strings.Repeat("a", 65), "мій профіль", "sk_live_x"} {
		errs = append(errs, keystore.ValidProfile(name))
	}
	for _, c := range []string{keystore.KeyringNoLauncher, keystore.KeyringNoBus, keystore.KeyringNoBusAddress, keystore.KeyringBusDown,
		keystore.KeyringNoService, keystore.KeyringLocked, keystore.KeyringNoCollection, keystore.KeyringRefused,
		keystore.KeyringUnsupported, keystore.KeyringTimeout, keystore.KeyringStillWaiting, keystore.KeyringOther} {
		for _, goos := range []string{"linux", "darwin", "windows"} {
			errs = append(errs, &keystore.UnavailableError{Case: c, Detail: "5s", GOOS: goos})
		}
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		tuitest.InLang(t, l)
		for _, err := range errs {
			if err == nil {
				t.Fatal("a case gave no error")
			}
			got := keyWords(err)
			if strings.Contains(got, "login.") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %q has no words: %q", l, err, got)
			}
			if l == i18n.English && got != err.Error() {
				t.Errorf("%q, the store says %q", got, err.Error())
			}
			if l == i18n.Ukrainian && strings.Contains(got, "the ") {
				t.Errorf("English on a Ukrainian screen: %q", got)
			}
		}
	}
}
