# make install [PREFIX=/usr/local] [DESTDIR=…] [CONFIGURATION=release]: builds rulecheck and installs it
# with its shell completions for bash, zsh and fish; make uninstall removes them. Needs Swift and
# libyaml (README); a self-contained Linux binary is Scripts/release.sh's.
PREFIX ?= /usr/local
CONFIGURATION ?= release
SWIFT ?= swift

bindir = $(DESTDIR)$(PREFIX)/bin
bashdir = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
zshdir = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
fishdir = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: build install uninstall

build:
	$(SWIFT) build -c $(CONFIGURATION) --product rulecheck

install: build
	install -d "$(bindir)" "$(bashdir)" "$(zshdir)" "$(fishdir)"
	install -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/rulecheck" "$(bindir)/rulecheck"
	"$(bindir)/rulecheck" --generate-completion-script bash > "$(bashdir)/rulecheck"
	"$(bindir)/rulecheck" --generate-completion-script zsh > "$(zshdir)/_rulecheck"
	"$(bindir)/rulecheck" --generate-completion-script fish > "$(fishdir)/rulecheck.fish"

uninstall:
	rm -f "$(bindir)/rulecheck" "$(bashdir)/rulecheck" "$(zshdir)/_rulecheck" "$(fishdir)/rulecheck.fish"
