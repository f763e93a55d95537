# The two commands of the README. Each installs missing system packages first.
#   make render   renders every scene in Scenes/ into Output/<scene>.mp4 and a poster Output/<scene>.png
#   make test     runs the whole test suite
.PHONY: render test build clean

SCENES := $(wildcard Scenes/*.json)

render:
	@scripts/install-deps.sh
	swift build -c release --product reel
	@mkdir -p Output
	@for scene in $(SCENES); do \
	  name=$$(basename "$$scene" .json); \
	  .build/release/reel render "$$scene" -o "Output/$$name.mp4" --poster "Output/$$name.png" || exit $$?; \
	done

test:
	@scripts/install-deps.sh
	@python3 scripts/check-imports.py
	swift test

build:
	@scripts/install-deps.sh
	swift build -c release --product reel

clean:
	rm -rf .build Output/*.mp4 Output/*.png Output/.reel-cache
