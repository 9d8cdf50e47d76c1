# Two commands matter on a fresh machine: `make run` and `make test` (see README).
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
BIN     := bin/listings
PKGS    := ./...

.PHONY: run test build lint golden bench fuzz clean snapshot screenshot

## run: start the app on the embedded sandbox (no key, no network)
run:
	$(GO) run -ldflags "$(LDFLAGS)" ./cmd/listings --sandbox

## test: every test, with the race detector; then, without it, the tests that skip
## under it (they call testrace.Heavy): the walk over every key of every view, the
## shop of thousands of listings, an hour of the watch's budget, the photo decoders
## on phones' files, which check what code computes, not how goroutines share
## memory, and took most of the run's time under the detector. NORACE and
## NORACE_PKGS name them; internal/testrace's test fails when they fall out of step.
## Three test binaries at once: some packages mostly wait (a key's budget, tmux).
NORACE := ^(TestBudgetNeverExceeded|TestCountsAgreeWhilePaging|TestCountsAgreeWithTheMirror|TestEveryKeyShownDoesWhatItSays|TestFormForEveryCategory|TestGReachesTheLastRowInOnePress|TestHeaderCountsTheDecode|TestMP4AgainstGoMP4Random|TestPutPhotoBoundsTheDecode|TestPutPhotoPhones|TestScrollTenThousandRows|TestSortCoversEveryListing|TestSortLabelMatchesTheRows|TestSortOverTheMirrorCostsNothing|TestUploadPhoneHEIC|TestUploadShrinksA48MPPhoto)$$
NORACE_PKGS := ./api/ ./api/client/media/ ./api/servers/sandbox/mediastore/ ./tui/ ./tui/browser/ ./tui/components/editor/ ./tui/watch/

test:
	$(GO) vet $(PKGS)
	$(GO) test -race -count=1 -p 3 -timeout 10m $(PKGS)
	$(GO) test -count=1 -timeout 10m -run '$(NORACE)' $(NORACE_PKGS)
	@if command -v gnome-keyring-daemon >/dev/null && command -v dbus-run-session >/dev/null; then \
		sh keystore/testdata/run-keyring-tests.sh; \
	elif [ -n "$$CI" ]; then \
		echo "CI needs gnome-keyring and dbus for the Secret Service tests" >&2; exit 1; \
	else \
		echo "skipped the real Secret Service tests: install gnome-keyring and dbus to run them"; \
	fi

## build: a static binary in bin/
build:
	CGO_ENABLED=0 $(GO) build -trimpath -tags nodynamic -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/listings

## lint: formatting and vet (staticcheck too when it is installed)
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	@if command -v staticcheck >/dev/null; then staticcheck $(PKGS); fi

## golden: rewrite the TUI's golden files after a deliberate change to a screen
golden:
	$(GO) test ./tui/... -update

## bench: the benchmarks whose figures docs/performance.md records
bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

clean:
	rm -rf bin dist

## snapshot: the release build of .goreleaser.yaml into dist/, for every platform, without publishing
snapshot:
	@command -v goreleaser >/dev/null || { echo "make snapshot needs goreleaser on PATH: go install github.com/goreleaser/goreleaser/v2@v2.14.3 (it lands in \$$(go env GOPATH)/bin)" >&2; exit 1; }
	goreleaser release --snapshot --clean

## screenshot: docs/screenshot.png, a real capture of `listings --sandbox` in tmux (100×30), photographed by headless chromium
screenshot:
	$(GO) run ./docs/screenshot -o docs/screenshot.png
