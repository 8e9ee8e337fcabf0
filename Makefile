# Kinetic: the two commands a fresh machine needs are `make run` and `make test`.
# Both install the Debian packages that are missing first (apt-get, through sudo when not root).

DEBIAN_PACKAGES := pkg-config libsdl2-dev libcairo2-dev libpango1.0-dev librsvg2-dev libchipmunk-dev \
                   fonts-texgyre ffmpeg xvfb xdotool imagemagick
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
OUT ?= out
BIN := .build/release/kinetic

.PHONY: deps build run test bench load clean demo

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	swift build -c release --product kinetic

# Starts the content server on a free loopback port in the background and points the app at it. With a display:
# open the window. Without one: refresh the catalogue once, then play the demo scenarios headlessly into $(OUT)/.
run: build
	@mkdir -p $(OUT); port=$$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'); \
	$(BIN) serve --port $$port > $(OUT)/serve.log 2>&1 & server=$$!; \
	trap 'kill $$server 2>/dev/null' EXIT INT TERM; \
	for i in $$(seq 50); do grep -q "listening" $(OUT)/serve.log 2>/dev/null && break; sleep 0.1; done; \
	url=http://127.0.0.1:$$port/api/current_costumes.json; echo "Content server: $$url (log: $(OUT)/serve.log)"; \
	if [ -n "$$DISPLAY" ]; then $(BIN) run --catalog-url $$url; \
	else $(BIN) catalog --catalog-url $$url && $(MAKE) --no-print-directory demo; fi

demo:
	@mkdir -p $(OUT)
	@for s in Scenarios/*.json; do \
	  name=$$(basename $$s .json); \
	  $(BIN) play $$s --out $(OUT)/$$name --gif $(OUT)/$$name.gif || exit 1; \
	done
	@echo "Wrote:"; ls -1 $(OUT)/*.gif $(OUT)/*/*.png

# XCTest only (the suite has no Swift Testing tests), so the run closes on its summary line.
test: deps
	swift test --disable-swift-testing

bench: deps
	swift run -c release kinetic-bench

# The content server under load: wrk on loopback against the catalogue, for the README's figures.
load: build
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq wrk >/dev/null; }
	@mkdir -p $(OUT); port=$$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'); \
	$(BIN) serve --port $$port --log-level warning > $(OUT)/serve.log 2>&1 & server=$$!; \
	trap 'kill $$server 2>/dev/null' EXIT INT TERM; \
	for i in $$(seq 50); do grep -q "listening" $(OUT)/serve.log 2>/dev/null && break; sleep 0.1; done; sleep 0.5; \
	for connections in 16 64; do wrk -t2 -c$$connections -d10s --latency http://127.0.0.1:$$port/api/current_costumes.json; done

clean:
	rm -rf .build $(OUT)
