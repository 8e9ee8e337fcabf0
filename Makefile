# Kinetic: the two commands a fresh machine needs are `make run` and `make test`.
# Both install the Debian packages that are missing first (apt-get, through sudo when not root).

DEBIAN_PACKAGES := pkg-config libatk1.0-dev libatk-bridge2.0-dev libsdl2-dev libcairo2-dev libpango1.0-dev librsvg2-dev libchipmunk-dev \
                   fonts-texgyre fonts-dejavu-core fonts-noto-color-emoji gettext ffmpeg xvfb xdotool imagemagick dbus at-spi2-core python3-pyatspi \
                   orca x11-xkb-utils python3-gi gir1.2-gtk-3.0 libx11-dev gcc \
                   desktop-file-utils appstream man-db zsh systemd dovecot-imapd libgmime-3.0-dev libsqlite3-dev \
                   libsecret-1-dev gnome-keyring libxml2-dev dpkg-dev lintian binutils patchelf dbus-x11 xdg-utils translate-toolkit
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
OUT ?= out
BIN := .build/release/kinetic

.PHONY: docs pot deps build release-binary run test bench bench-peers bench-window bench-idle load clean demo fuzz digests install installable uninstall deb

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

# SwiftPM's notes about other people's code are left out of what the build prints (scripts/swift-build). The Swift
# runtime is not linked in: `make install` puts the one the binary links beside it (docs/installing.md says why).
build: deps release-binary

# The release binary, built only when a source, the manifest or the pinned versions are newer than it: with nothing
# to build, SwiftPM's own planning alone takes seconds, up to most of a minute. A build touches the binary, so an edit reverted
# (a newer file, the same program) is planned once, not on every run.
release-binary:
	@if [ -x $(BIN) ] && [ -d $(dir $(BIN))Kinetic_KineticApps.resources ] && \
	    [ -z "$$(find Sources Package.swift Package.resolved -newer $(BIN) -print -quit 2>/dev/null)" ]; then \
	  echo "$(BIN) is up to date"; \
	else \
	  scripts/swift-build -c release --product kinetic $(IMPORT_CHECK) && touch $(BIN); \
	fi

# Starts the content server on a free loopback port in the background and points the app at it. With a display:
# open the window. Without one: refresh the catalogue once, then play the demo scenarios headlessly into $(OUT)/,
# downloading from the same server (CONTENT_URL).
run: build
	@if [ -n "$$DISPLAY" ]; then \
	  scripts/with-content-server $(BIN) $(OUT)/serve.log -- $(BIN) run --catalog-url {url} --content-url {content}; \
	else \
	  scripts/with-content-server $(BIN) $(OUT)/serve.log -- sh -c '$(BIN) catalog --catalog-url {url} && $(MAKE) --no-print-directory demo CONTENT_URL={content}'; \
	fi

# Each scenario under a heading naming it, then what play wrote (its captures and GIF, one path a line, once).
demo:
	@mkdir -p $(OUT)
	@for s in Scenarios/*.json; do \
	  name=$$(basename $$s .json); \
	  echo; echo "Scenario $$s, played into $(OUT)/$$name/ and $(OUT)/$$name.gif:"; \
	  $(BIN) play $$s --out $(OUT)/$$name --gif $(OUT)/$$name.gif $(if $(CONTENT_URL),--content-url $(CONTENT_URL)) || exit 1; \
	done

# XCTest only (the suite has no Swift Testing tests), so the run closes on its summary line. The package graph is
# checked both ways: every import declared (SwiftPM's check, as an error) and every declaration imported.
# The build uses the person's own SwiftPM caches; everything the tests run then runs under scripts/hermetic, in fresh
# HOME, XDG and temporary folders made for this run and removed after, and the run fails if the person's own
# ~/.local/share/kinetic, ~/.cache/kinetic, ~/.config/kinetic or ~/.local/state/kinetic changed. XCTest, the screen-reader
# checks (pyatspi's tree, then the real Orca speaking: a GTK3 control, a bare ATK control, Kinetic) and the install check
# each run whatever the one before found, and any failure fails the run. The mail suites run twice: against Dovecot as
# Debian installs it, and as hosting panels set it up (everything under INBOX., `.` between names, no MOVE offered:
# scripts/with-dovecot --layout hosting), the way Courier-IMAP behaves.
IMPORT_CHECK := --explicit-target-dependency-import-check error
test: deps
	scripts/check-package-graph
	scripts/check-docs
	scripts/check-catalogues
	swift build --build-tests $(IMPORT_CHECK)
	swift build --product kinetic $(IMPORT_CHECK)
	scripts/check-docc
	scripts/check-example
	scripts/check-hermetic
	scripts/hermetic sh -c 'status=0; swift test --skip-build --disable-swift-testing || status=1; \
	  scripts/with-dovecot -- swift test --skip-build --disable-swift-testing --filter IMAPDovecotTests || status=1; \
	  scripts/with-dovecot -- scripts/with-smtp-sink -- swift test --skip-build --disable-swift-testing --filter MailboxOnIMAPTests || status=1; \
	  scripts/with-dovecot --layout hosting -- swift test --skip-build --disable-swift-testing --filter IMAPDovecotTests || status=1; \
	  scripts/with-dovecot --layout hosting -- scripts/with-smtp-sink -- swift test --skip-build --disable-swift-testing --filter MailboxOnIMAPTests || status=1; \
	  scripts/with-smtp-sink -- swift test --skip-build --disable-swift-testing --filter SMTPSubmissionTests || status=1; \
	  scripts/with-secret-service -- swift test --skip-build --disable-swift-testing --filter SecretServiceTests || status=1; \
	  scripts/check-accessibility .build/debug/kinetic || status=1; scripts/check-orca || status=1; \
	  scripts/check-install .build/debug/kinetic || status=1; scripts/check-full-disk .build/debug/kinetic || status=1; \
	  scripts/check-leftovers .build/debug/kinetic || status=1; scripts/check-window-scale .build/debug/kinetic || status=1; \
	  scripts/check-window-mail .build/debug/kinetic || status=1; exit $$status'

# The libraries' documentation from the code (DocC), one archive per module in out/docs/, for static hosting; make
# test builds it too, and fails on any warning (a broken symbol link, a parameter documented wrongly).
docs: deps
	swift build
	scripts/check-docc out/docs

# The translators' template, Sources/KineticApps/Resources/Locales/kinetic.pot, made again from the texts the code
# declares (make test fails while it is stale); then each catalogue takes the changes with gettext's msgmerge, which
# marks a changed English fuzzy (docs/localization.md).
pot: deps
	swift build --build-tests
	KINETIC_WRITE_POT=1 scripts/hermetic swift test --skip-build --disable-swift-testing --filter TranslationTemplateTests
	for po in Sources/KineticApps/Resources/Locales/*.po; do msgmerge --quiet --update --backup=none $$po Sources/KineticApps/Resources/Locales/kinetic.pot; done

# A million random touches, drags and keys per app, and 100,000 mutated documents per decoder (20,000 images), on a
# release build; KINETIC_FUZZ_SEED=0x… replays a failure (every failure names its seed). make test runs the same
# fuzz with 10,000 events and 5,000 documents.
FUZZ_EVENTS ?= 1000000
FUZZ_DOCUMENTS ?= 100000
fuzz: deps
	KINETIC_FUZZ_EVENTS=$(FUZZ_EVENTS) KINETIC_FUZZ_DOCUMENTS=$(FUZZ_DOCUMENTS) \
	  swift test -c release -Xswiftc -enable-testing --disable-swift-testing --filter 'FuzzTests'

# One SHA-256 per scenario capture (dump and PNG), for checking that a change kept behaviour byte for byte:
# `make digests > before.txt`, change, `make digests > after.txt`, `diff before.txt after.txt`.
digests: build
	@scripts/scenario-digests $(BIN)

bench: deps
	swift run -c release kinetic-bench

# Kinetic beside Cairo and Skia on the same frames (the shared scene and the worst case), from one run, in one table:
# the whole benchmark runs (every scene's figures, for the README's table) and exports those two scenes' draws and
# rasters (--export-draws), then scripts/bench-peers.py redraws them with pycairo and skia-python (from PyPI, in a
# virtual environment under .build/).
bench-peers: deps
	swift build -c release --product kinetic-bench
	rm -rf $(OUT)/draws
	.build/release/kinetic-bench --export-draws $(OUT)/draws
	@[ -x .build/peers/bin/python ] || python3 -m venv .build/peers
	@.build/peers/bin/pip install -q pycairo skia-python
	.build/peers/bin/python scripts/bench-peers.py $(OUT)/draws

# The window's own cost: input to presented frame, and the damaged rectangles' upload, in a real window under Xvfb.
bench-window: build
	@scripts/window-latency $(BIN)

# What a window at rest costs, per app (Xvfb, 10 s each), for the README's figures.
bench-idle: build
	@scripts/idle-cpu $(BIN)

# The content server under load: wrk on loopback against the catalogue, for the README's figures.
load: build
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq wrk >/dev/null; }
	@scripts/with-content-server $(BIN) $(OUT)/serve.log --log-level warning -- \
	  sh -c 'for connections in 16 64; do wrk -t2 -c$$connections -d10s --latency {url}; done'

# Installs kinetic as a desktop application (scripts/install-desktop says what goes where): the stripped binary, its
# resources and Content/ under share/kinetic/, a launcher, icon and AppStream file per app and the gallery, man pages
# and shell completions generated from the argument parser, and `kinetic serve` as a systemd user service.
# PREFIX (default /usr/local) and DESTDIR (for packagers) as usual; INSTALL_FROM installs another build's binary
# (the tests install the debug one) without building release; SCREENSHOTS_URL is where docs/images is published.
PREFIX ?= /usr/local
INSTALL_FROM ?= $(BIN)
SCREENSHOTS_URL ?= https://kinetic.invalid/docs/images
# The release binary is brought up to date first (release-binary: no apt: `sudo make install` after `make run`
# installs nothing else), or built with its packages when there is none yet; another INSTALL_FROM is taken as it is.
installable:
	@if [ "$(INSTALL_FROM)" = "$(BIN)" ]; then \
	  if [ -x "$(BIN)" ]; then $(MAKE) --no-print-directory release-binary; else $(MAKE) --no-print-directory build; fi; \
	fi

install: installable
	scripts/install-desktop install "$(INSTALL_FROM)" "$(DESTDIR)" "$(PREFIX)" "$(SCREENSHOTS_URL)"

# A Debian package, $(OUT)/kinetic_VERSION_ARCH.deb, of `make install DESTDIR=… PREFIX=/usr` (scripts/build-deb):
# install it with `sudo apt install ./$(OUT)/kinetic_*.deb`. INSTALL_FROM as for install.
deb: installable
	@scripts/build-deb "$(INSTALL_FROM)" "$(OUT)"

uninstall:
	scripts/install-desktop uninstall "" "$(DESTDIR)" "$(PREFIX)"

clean:
	rm -rf .build $(OUT)
